/** Display of a gallery object (seed 001 §9). */

/** Seed 001 §9: the image types the media library recognises and shows as images. */
const IMAGE_NAMES = /\.(jpe?g|png|gif|webp|ico)$/i;

/** The key's last segment: `merchants/m1/brand/banner-1a2b.png` → `banner-1a2b.png`. */
export const fileNameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

export const isImageKey = (key: string) => IMAGE_NAMES.test(key);

/** Bytes in KB with 2 decimals: 1536 → '1.50 KB'. */
export const formatKb = (bytes: number) => `${((Number.isFinite(bytes) ? bytes : 0) / 1024).toFixed(2)} KB`;
