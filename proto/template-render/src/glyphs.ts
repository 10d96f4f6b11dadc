/** The app clip layer's glyphs, SVG paths in a 24 × 24 box (drawn for this project). */

/** Tap (NFC): a dot and three arcs opening to the right. */
export const NFC_GLYPH = 'M2 10.5h3v3h-3zM7.8 6.2A8.2 8.2 0 0 1 7.8 17.8L6.1 16.1A5.8 5.8 0 0 0 6.1 7.9ZM10.98 3.02A12.7 12.7 0 0 1 10.98 20.98L9.28 19.28A10.3 10.3 0 0 0 9.28 4.72ZM14.16 -0.16A17.2 17.2 0 0 1 14.16 24.16L12.47 22.47A14.8 14.8 0 0 0 12.47 1.53Z';

/** Scan (camera): a body with a viewfinder bump; the lens is a circle in the background colour. */
export const CAMERA_GLYPH = 'M3 7h4l2-3h6l2 3h4a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z';
export const CAMERA_LENS = { cx: 12, cy: 13.5, r: 4 } as const;

/** A few icons for the icon layer's picker (24 × 24). */
export const ICONS: readonly { name: string; path: string }[] = [
  { name: 'Star', path: 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z' },
  { name: 'Heart', path: 'M12 21l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z' },
  { name: 'Check', path: 'M9 16.2l-4.2-4.2-1.4 1.4L9 19 21 7l-1.4-1.4z' },
  { name: 'Cup', path: 'M4 4h14v2h2a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2h-2.3A7 7 0 0 1 11 18h-0a7 7 0 0 1-7-7zm14 4v3h2V8zM3 20h16v2H3z' },
  { name: 'Pin', path: 'M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z' },
  { name: 'Wifi', path: 'M1 9l2 2c4.97-4.97 13.03-4.97 18 0l2-2C16.93 2.93 7.08 2.93 1 9zm8 8l3 3 3-3a4.24 4.24 0 0 0-6 0zm-4-4l2 2a7.07 7.07 0 0 1 10 0l2-2C15.14 9.14 8.87 9.14 5 13z' },
];
