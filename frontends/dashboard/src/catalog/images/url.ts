import type { Rule } from 'antd/es/form';
import { isHttpUrl } from '@seatside/rules';
import { imageMessages } from './messages';

/** An image address a product or service may list: an absolute http(s) URL (blank is no image, not an error). */
export const isImageUrl = (text: string): boolean => isHttpUrl(text.trim());

/**
 * The rule of a form field holding one image address (a product's image row, a menu's banner and
 * icon): blank is no image (dropped or null on save); any other text must be an http(s) URL.
 */
export const imageUrlRules: Rule[] = [
  {
    validator: (_rule, value: unknown) => {
      const text = String(value ?? '').trim();
      return text === '' || isImageUrl(text) ? Promise.resolve() : Promise.reject(new Error(imageMessages.urlInvalid));
    },
  },
];
