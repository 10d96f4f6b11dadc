/** An image address a product or service may list: an absolute http(s) URL (blank is no image, not an error). */
export function isImageUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text.trim()).protocol);
  } catch {
    return false;
  }
}
