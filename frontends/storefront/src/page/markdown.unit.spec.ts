import { describe, expect, it } from '@jest/globals';
import { markdownToHtml } from './markdown';
import { visibilityClass } from './visibility';

describe('page builder on the storefront', () => {
  describe('markdownToHtml', () => {
    it('given headings, paragraphs, lists and emphasis, then HTML (headings one level down: the page has its h1)', () => {
      expect(markdownToHtml('# Our story\n\nLoaded **nachos** since *1998*.\n\n- Chips\n- Cheese\n\n1. Order\n2. Eat')).toBe(
        '<h2>Our story</h2><p>Loaded <strong>nachos</strong> since <em>1998</em>.</p><ul><li>Chips</li><li>Cheese</li></ul><ol><li>Order</li><li>Eat</li></ol>',
      );
    });

    it('given HTML or a javascript: link, then it is text, never markup', () => {
      expect(markdownToHtml('<script>alert(1)</script> [x](javascript:alert(1)) [ok](/menu)')).toBe(
        '<p>&lt;script&gt;alert(1)&lt;/script&gt; x) <a href="/menu">ok</a></p>',
      );
    });
  });

  describe('visibilityClass (seed 002 §9: xs, sm, md, lg)', () => {
    it('given the sizes a block shows at, then it hides at the others', () => {
      expect(visibilityClass(['xs', 'sm', 'md', 'lg'])).toBe('');
      expect(visibilityClass(['xs'])).toBe('pb-hide-sm pb-hide-md pb-hide-lg');
      expect(visibilityClass([])).toBe('pb-hide-xs pb-hide-sm pb-hide-md pb-hide-lg');
    });
  });
});
