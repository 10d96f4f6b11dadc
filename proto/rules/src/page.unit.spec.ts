import { describe, expect, it } from '@jest/globals';
import { pageIdProblem } from './page';

describe('a page\'s ids (blocks, views, drawers)', () => {
  const taken = new Set(['hero-1', 'drinks']);

  it('given a free id of letters, digits, - and _, then there is no problem', () => {
    expect(pageIdProblem('story_2-a', taken)).toBeNull();
  });

  it('given an empty id, one with other characters, or one the page already has, then the catalog\'s message', () => {
    expect(pageIdProblem('', taken)).toBe('This field is required');
    expect(pageIdProblem('bad id!', taken)).toBe('An id uses letters, digits, - and _');
    expect(pageIdProblem('drinks', taken)).toBe('Each block, view and drawer needs its own id');
  });
});
