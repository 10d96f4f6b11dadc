import { describe, expect, it } from '@jest/globals';
import { markdownToHtml } from './markdown';
import { sizeAt, visibilityClass, visibilityCss, visibleAt } from './visibility';

describe('the page builder\'s rendering rules (the storefront and the editor\'s preview)', () => {
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

    it('given a width, then its size by the same table the storefront hides by: xs < 600 ≤ sm < 900 ≤ md < 1200 ≤ lg', () => {
      expect([375, 599, 600, 899, 900, 1199, 1200, 1280].map(sizeAt)).toEqual(['xs', 'xs', 'sm', 'sm', 'md', 'md', 'lg', 'lg']);
      expect(visibilityCss).toBe(
        '@media (max-width:599.98px){.pb-hide-xs{display:none!important}}@media (min-width:600px) and (max-width:899.98px){.pb-hide-sm{display:none!important}}' +
          '@media (min-width:900px) and (max-width:1199.98px){.pb-hide-md{display:none!important}}@media (min-width:1200px){.pb-hide-lg{display:none!important}}',
      );
    });

    it('given a block unticked at xs, then the phone (xs) does not show it and the desktop (lg) does', () => {
      expect(visibleAt(['sm', 'md', 'lg'], sizeAt(375))).toBe(false);
      expect(visibleAt(['sm', 'md', 'lg'], sizeAt(1280))).toBe(true);
      expect(visibleAt(undefined, 'xs')).toBe(true);
    });
  });
});
