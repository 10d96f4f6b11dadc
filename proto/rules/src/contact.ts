/**
 * A web address a page may link to or show as a merchant's website: http or https with a host. Never
 * `javascript:`, `data:` or any other scheme, which a browser would run or open as something else.
 * The catalog refuses others when links and details are saved; the storefront skips them too.
 */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A phone number as people write one: digits, spaces and + - ( ) . only, with 7 to 20 digits. */
export function isPhoneNumber(text: string): boolean {
  if (!/^[\d\s+\-().]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 20;
}
