/**
 * How long a text is in a list (seed 000 §9): a notification's body 37 characters, an FAQ's answer
 * 40, a chat's last message 32. The admin area and the support widget cut with `preview`.
 */
export const PREVIEW_LENGTH = { notificationBody: 37, faqAnswer: 40, chatLastMessage: 32 } as const;

/**
 * The first `max` characters of a text and '…' when there was more. Characters are code points, so
 * an emoji (two UTF-16 units) is never cut in half, which a browser would show as '�'; the space
 * before the cut goes.
 */
export function preview(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}…`;
}
