import { faceOf, FONT_FAMILIES } from './fonts';
import { textLayout, shapePaint } from './draw';
import { OPTION_DEFAULTS } from './defaults';
import type { Painter } from './painter';
import type { TextLayer } from './types';
import { fillVariables, variableValues } from './variables';

/** A painter whose characters are each 10 px wide: layout without fonts. */
const monospace = { measureText: (text: string) => [...text].length * 10 } as unknown as Painter;

describe('template rendering rules', () => {
  it('given a tag, then {{Table}} and {{url}} come from it, over the template’s own variables; an unknown key stays', () => {
    const values = variableValues([{ key: 'Table', value: '0' }, { key: 'Venue', value: 'Arena' }], { metadata: [{ key: 'Table', value: '12' }], url: 'https://x.test/tag/abc' });
    expect(fillVariables('Table {{Table}} at {{ Venue }} {{url}} {{Seat}}', values)).toBe('Table 12 at Arena https://x.test/tag/abc {{Seat}}');
  });

  it('given a weight a family does not ship, then its nearest shipped weight (lighter on a tie), under the face’s own alias', () => {
    expect(faceOf('Lato', 500, 'normal')).toMatchObject({ weight: 400, file: 'lato-latin-400-normal.woff2', alias: 'SeatsideT Lato 400' });
    expect(faceOf('Open Sans', 900, 'italic')).toMatchObject({ weight: 800, file: 'open-sans-latin-800-italic.woff2' });
    expect(FONT_FAMILIES.map((f) => f.family)).toEqual(['Roboto', 'Open Sans', 'Lato', 'Montserrat', 'Poppins']);
  });

  it('given a text wider than its layer, then it wraps by words, each line aligned and its baseline in its line box', () => {
    const layer: TextLayer = { id: 't', type: 'text', title: '', x: 0, y: 0, width: 100, height: 100, options: { ...OPTION_DEFAULTS.text, text: 'abc defg hij', fontSize: 20, lineHeight: 30, textAlign: 'center' } };
    const { lines } = textLayout(monospace, layer, new Map());
    expect(lines.map((l) => [l.text, l.x, l.width])).toEqual([['abc defg', 10, 80], ['hij', 35, 30]]);
    expect(lines[1]!.baseline - lines[0]!.baseline).toBe(30);
  });

  it('given a linear gradient at 90deg, then it runs left to right across the box; at 0deg bottom to top', () => {
    const o = { ...OPTION_DEFAULTS.shape, gradient: true, gradientSchema: { ...OPTION_DEFAULTS.shape.gradientSchema, colors: ['#000', '#fff'], deg: 90 } };
    const ends = (p: ReturnType<typeof shapePaint>) => (p.kind === 'linear' ? [p.x0, p.y0, p.x1, p.y1].map((n) => Math.round(n * 1000) / 1000 + 0) : []);
    expect(ends(shapePaint(o, 200, 100))).toEqual([0, 50, 200, 50]);
    expect(ends(shapePaint({ ...o, gradientSchema: { ...o.gradientSchema, deg: 0 } }, 200, 100))).toEqual([100, 100, 100, 0]);
  });
});
