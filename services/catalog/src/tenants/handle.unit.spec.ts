import { normalizeHandle } from './handle';

describe('normalizeHandle (seed 000 §5)', () => {
  it.each([
    ['Joe’s Pizza', 'joes-pizza'],
    ['  Big  Stadium ', '-big-stadium-'],
    ['Café Olé #1', 'caf-ol-1'],
    ['a--b---c', 'a-b-c'],
    ['UPPER lower', 'upper-lower'],
  ])('given %p, when normalized, then %p', (input, expected) => {
    expect(normalizeHandle(input)).toBe(expected);
  });
});
