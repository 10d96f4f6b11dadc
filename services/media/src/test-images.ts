import sharp from 'sharp';

/** Fixtures made with sharp, so specs need no binary files. */
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

export const pngOf = (width = 8, height = 8) => solid(width, height).png().toBuffer();
export const jpegOf = (width = 8, height = 8) => solid(width, height).jpeg().toBuffer();

/** A jpeg carrying EXIF: a copyright, a camera and orientation 6 (stored sideways, shown upright). */
export const jpegWithExif = (width = 40, height = 20) =>
  solid(width, height)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'Secret Photographer', Make: 'SpyCam' } })
    .toBuffer();

export const gifOf = () => solid(4, 4).gif().toBuffer();

export const exifOf = async (bytes: Buffer) => (await sharp(bytes).metadata()).exif;
export const sizeOf = async (bytes: Buffer) => {
  const { width, height, format, orientation } = await sharp(bytes).metadata();
  return { width, height, format, orientation };
};
