/** The QR routes' strings (docs/tags-api.md), reused by tests. */
export const qrMessages = {
  invalid: 'Invalid QR code settings',
  color: 'Use a hex colour without #: 3, 6 or 8 digits',
  errorCorrectionLevel: 'Use L, M, Q or H',
  margin: 'Use a whole number from 0 to 10',
  size: 'Use a whole number of pixels from 64 to 2048',
  format: 'Use png or svg',
  url: 'Use an http or https address of at most 2048 characters',
  single: 'Give this parameter once',
} as const;
