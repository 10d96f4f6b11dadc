import { describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import { filterAndSort, followingName, incrementMetadata, incrementValue, nameFromMetadata, parseQrSettings, releaseBusy, SAVE_BUSY_MS, serialFromScan } from './domain';

const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
const letters = (letter: fc.Arbitrary<string>) => fc.array(letter, { minLength: 1, maxLength: 6 }).map((chars) => chars.join(''));

/** A run of one case read as a bijective base-26 number ('A' = 1, 'Z' = 26, 'AA' = 27). */
const lettersToNumber = (text: string) => [...text.toUpperCase()].reduce((n, ch) => n * 26n + BigInt(ch.charCodeAt(0) - 64), 0n);

describe('the increment rule (seed 001 §5)', () => {
  it.each([
    ['27', '28'], ['009', '010'], ['9', '10'], ['99', '100'], ['A', 'B'], ['AZ', 'BA'], ['Z', 'AA'], ['z', 'aa'], ['az', 'ba'], ['2C', '2D'], ['2Z', '2AA'], ['B7', 'B8'], ['', ''], ['-', '-'],
  ])('given %p, then the next tag gets %p', (value, next) => {
    expect(incrementValue(value)).toBe(next);
  });

  it('given any number (zero-padded or not), then it goes up by one and keeps its width unless it grows', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.nat({ max: 5 }), (n, pad) => {
        const text = n.toString().padStart(n.toString().length + pad, '0');
        const next = incrementValue(text);
        expect(BigInt(next)).toBe(n + 1n);
        expect(next.length).toBe(Math.max(text.length, (n + 1n).toString().length));
      }),
    );
  });

  it('given any run of letters of one case, then it counts up by one in bijective base 26 and keeps its case', () => {
    fc.assert(
      fc.property(fc.oneof(letters(upper), letters(lower)), (text) => {
        const next = incrementValue(text);
        expect(lettersToNumber(next)).toBe(lettersToNumber(text) + 1n);
        const isUpper = text === text.toUpperCase();
        expect(next).toBe(isUpper ? next.toUpperCase() : next.toLowerCase());
      }),
    );
  });

  it('given a prefix that ends in neither a letter nor a digit, then only the trailing run changes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }).map((s) => `${s}-`), fc.oneof(letters(upper), fc.nat().map(String)), (prefix, tail) => {
        const next = incrementValue(prefix + tail);
        expect(next.startsWith(prefix)).toBe(true);
        expect(next.slice(prefix.length)).toBe(incrementValue(tail));
      }),
    );
  });

  it('given values that end in neither a letter nor a digit, then they stay as they are', () => {
    fc.assert(fc.property(fc.string({ maxLength: 8 }).map((s) => `${s} `), (text) => expect(incrementValue(text)).toBe(text)));
  });

  it('given metadata, then every value is incremented and the keys, visibility and order stay', () => {
    const next = incrementMetadata([
      { key: 'Table', value: '9', visible: true },
      { key: 'Seat', value: 'AZ', visible: false },
    ]);
    expect(next).toEqual([
      { key: 'Table', value: '10', visible: true },
      { key: 'Seat', value: 'BA', visible: false },
    ]);
  });
});

describe('the tag list and names', () => {
  it('given tags, then they are in natural numeric order, case-insensitive, filtered by name', () => {
    const tags = ['table 10', 'Table 2', 'Bar 1', 'TABLE 1'].map((name) => ({ name }));
    expect(filterAndSort(tags, '').map((t) => t.name)).toEqual(['Bar 1', 'TABLE 1', 'Table 2', 'table 10']);
    expect(filterAndSort(tags, 'TAB').map((t) => t.name)).toEqual(['TABLE 1', 'Table 2', 'table 10']);
    expect(filterAndSort(tags, 'nothing')).toEqual([]);
  });

  it('given metadata, then the derived name joins the pairs', () => {
    expect(nameFromMetadata([{ key: 'Table', value: '12' }, { key: 'Seat', value: '2C' }])).toBe('Table 12 · Seat 2C');
    expect(nameFromMetadata([{ key: ' ', value: '' }])).toBe('');
  });

  it('given a name its metadata gave (or none), when the metadata changes, then the name follows it; a name the person typed stays', () => {
    const before = [{ key: 'Table', value: '5' }];
    const after = [{ key: 'Table', value: '6' }, { key: 'Seat', value: '2C' }];
    expect(followingName('Table 5', before, after)).toBe('Table 6 · Seat 2C');
    expect(followingName(' ', before, after)).toBe('Table 6 · Seat 2C');
    expect(followingName('Window booth', before, after)).toBe('Window booth');
    expect(followingName('Table 5', before, [])).toBe('');
  });

  it('given a scanned code, then its serial is the URL path’s last segment, or the text', () => {
    expect(serialFromScan('https://example.com/tag/04a2b9c1')).toBe('04a2b9c1');
    expect(serialFromScan(' 04A2 ')).toBe('04A2');
  });

  it('given stored QR settings, then malformed ones fall back to the defaults', () => {
    expect(parseQrSettings(null)).toEqual({ color: '#000000', background: '#ffffff', margin: 1, errorCorrectionLevel: 'L' });
    expect(parseQrSettings('{"color":"#112233","margin":11,"errorCorrectionLevel":"X"}')).toEqual({ color: '#112233', background: '#ffffff', margin: 1, errorCorrectionLevel: 'L' });
    expect(parseQrSettings('not json').margin).toBe(1);
  });
});

describe('the save button after a tag save (seed 001 §9)', () => {
  it('given a save that went through, then the button stays busy for one second, then is free', () => {
    jest.useFakeTimers();
    try {
      let busy = true;
      releaseBusy(true, () => (busy = false));
      jest.advanceTimersByTime(SAVE_BUSY_MS - 1);
      expect(busy).toBe(true);
      jest.advanceTimersByTime(1);
      expect(busy).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('given a save that failed, then the button is free at once, so the user can correct and retry', () => {
    let busy = true;
    releaseBusy(false, () => (busy = false));
    expect(busy).toBe(false);
  });

  it('given the panel closes while the button is held, then the pending release is cancelled', () => {
    jest.useFakeTimers();
    try {
      let released = false;
      const cancel = releaseBusy(true, () => (released = true));
      cancel();
      jest.advanceTimersByTime(SAVE_BUSY_MS);
      expect(released).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });
});
