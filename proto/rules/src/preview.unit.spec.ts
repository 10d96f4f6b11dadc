import { PREVIEW_LENGTH, preview } from './preview';

describe("a list's preview of a text", () => {
  it('given a text up to the length, then it is shown whole', () => {
    expect(preview('Hello', 5)).toBe('Hello');
    expect(preview('', PREVIEW_LENGTH.faqAnswer)).toBe('');
  });

  it('given a longer text, then its first characters and …, without the space before the cut', () => {
    expect(preview('Hello there', 5)).toBe('Hello…');
    expect(preview('Hello there', 6)).toBe('Hello…');
    expect(preview('Ada Lovelace: Our stadium needs seat ordering', PREVIEW_LENGTH.notificationBody)).toBe('Ada Lovelace: Our stadium needs seat…');
  });

  it('given an emoji where the cut falls, then it is kept whole or left out, never cut in half', () => {
    const body = `Zoe: ${'a'.repeat(31)}🎉 tail`;
    expect(preview(body, PREVIEW_LENGTH.notificationBody)).toBe(`Zoe: ${'a'.repeat(31)}🎉…`);
    expect(preview(body, 36)).toBe(`Zoe: ${'a'.repeat(31)}…`);
    expect(preview('🎉🎉🎉', 2)).toBe('🎉🎉…');
  });
});
