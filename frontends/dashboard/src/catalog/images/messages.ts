/** The catalogue's image strings, shared by the product, service and menu forms (seed 001 §2, §8; seed 002 §5). */
export const imageMessages = {
  /** Seed 002 §5's words for an address that is no http(s) URL (written there for Teleport's URL). */
  urlInvalid: 'Please enter a valid URL.',
  uploadImage: 'Upload image',
  uploading: 'Uploading…',
  /** Seed 001 §8. */
  imageUploaded: 'Image uploaded',
} as const;

/** Seed 002 §5: image upload accepts png and jpeg. */
export const IMAGE_UPLOAD_TYPES = 'image/png,image/jpeg';
