/** The media screens' strings (docs/media-api.md), reused by the routes and their specs. */
export const mediaMessages = {
  notAnImage: 'Please upload a PNG or JPEG image',
  tooLarge: 'The image is too large (at most 10 MB)',
  tooManyPixels: 'The image is too large (at most 40 megapixels)',
  fileRequired: 'Please choose a file',
  brandKeyRequired: 'Please choose which image this is',
  uploadLinkInvalid: 'This upload link is not valid.',
  uploadLinkExpired: 'This upload link has expired. Please upload the image again.',
  uploadLinkUsed: 'This upload link was already used.',
  objectNotFound: 'Not found',
  mockupColor: (device: string, colors: string[]) => `${device} comes in ${colors.join(', ')}`,
} as const;
