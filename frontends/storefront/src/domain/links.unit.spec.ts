import { describe, expect, it } from '@jest/globals';
import { linksToShow } from './links';
import type { MerchantLink } from './types';

const link = (title: string, url: string): MerchantLink => ({ title, url, type: 'DEFAULT', icon: null, target: '_blank' });

describe('the merchant links the storefront shows (seed 001 §3)', () => {
  it('given http(s) links among others, then only the http(s) ones, in order: no other scheme becomes an href', () => {
    const links = [link('Menu', 'https://nachos.example/menu.pdf'), link('Oops', 'javascript:alert(1)'), link('Data', 'data:text/html,hi'), link('Mail', 'mailto:hi@nachos.example'), link('Blog', 'http://blog.nachos.example')];
    expect(linksToShow(links).map((shown) => shown.title)).toEqual(['Menu', 'Blog']);
  });

  it('given no links (an older document), then none', () => {
    expect(linksToShow(undefined)).toEqual([]);
  });
});
