/** The image formats the platform takes (seed 002 §5: png and jpeg), told apart by their bytes. */
export type ImageFormat = 'png' | 'jpg';

export const contentTypeOf: Record<ImageFormat, string> = { png: 'image/png', jpg: 'image/jpeg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** What the bytes are, by their magic numbers (a Content-Type or file name is only the client's claim). */
export function imageFormatOf(bytes: Buffer): ImageFormat | undefined {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpg';
  return undefined;
}
