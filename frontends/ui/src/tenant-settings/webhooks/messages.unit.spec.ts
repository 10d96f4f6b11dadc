import { describe, expect, it } from '@jest/globals';
import { statusColour } from './messages';

describe('a webhook log status colour', () => {
  it.each([
    [200, 'green'], [201, 'blue'], [202, 'yellow'], [204, 'grey'], [301, 'grey'], [410, 'grey'], [502, 'grey'], [null, 'grey'],
    [400, 'red'], [401, 'red'], [403, 'red'], [404, 'red'], [500, 'red'],
  ] as const)('given %s, then %s', (code, colour) => {
    expect(statusColour(code)).toBe(colour);
  });
});
