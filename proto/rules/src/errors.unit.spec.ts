import { describe, expect, it } from '@jest/globals';
import { defaultCodeOf, errorCodes, isErrorCode, type ErrorCode } from './errors';

const codes = Object.keys(errorCodes) as ErrorCode[];

describe('the error codes table (clients branch on these, never on English text)', () => {
  it('given every code, then it is snake_case ASCII, with a 4xx/5xx status and a description', () => {
    for (const code of codes) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(errorCodes[code].status).toBeGreaterThanOrEqual(400);
      expect(errorCodes[code].status).toBeLessThan(600);
      expect(errorCodes[code].description.length).toBeGreaterThan(10);
    }
  });

  it('given any status an answer may carry, then its default code is in the table and answers to that status (500 for unknown 5xx)', () => {
    for (const status of [400, 401, 403, 404, 409, 412, 413, 415, 429, 502, 503]) {
      const code = defaultCodeOf(status);
      expect(isErrorCode(code)).toBe(true);
      expect(errorCodes[code].status).toBe(status);
    }
    expect(defaultCodeOf(504)).toBe('internal_error');
    expect(defaultCodeOf(418)).toBe('validation_failed');
  });

  it('given a value from an answer, then only a known code is taken as one (a prototype key or a message is not)', () => {
    expect(isErrorCode('tag_not_found')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('Tag not found')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
