import { describe, expect, it } from '@jest/globals';
import { isImageUrl } from './url';

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
});
