import { describe, expect, it } from '@jest/globals';
import { imageUrlRules, isImageUrl } from './url';

describe('isImageUrl: what a product or service image may be', () => {
  it.each(['https://cdn.example.com/nachos.png', 'http://127.0.0.1:4000/v1/media/merchants/m1/uploads/a.png', '  https://example.com/a.jpg  '])(
    'given the http(s) address %p, then it is an image URL',
    (text) => {
      expect(isImageUrl(text)).toBe(true);
    },
  );

  it.each(['not a url', '', 'example.com/a.png', '/images/a.png', 'ftp://example.com/a.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA'])(
    'given %p, then it is not (the form says "Please enter a valid URL.")',
    (text) => {
      expect(isImageUrl(text)).toBe(false);
    },
  );

  it('given the rule of an image field (a product image row, a menu banner or icon), then blank passes and anything but an http(s) URL is refused as "Please enter a valid URL."', async () => {
    const judge = (value: string) => {
      const rule = imageUrlRules[0] as { validator: (rule: unknown, value: unknown) => Promise<void> };
      return rule.validator({}, value);
    };
    await expect(judge('  ')).resolves.toBeUndefined();
    await expect(judge('https://cdn.example.com/banner.png')).resolves.toBeUndefined();
    await expect(judge('ftp://example.com/icon.png')).rejects.toThrow(/^Please enter a valid URL\.$/);
  });
});
