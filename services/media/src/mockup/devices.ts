/**
 * The devices a mockup can show (seed 000 §9: iPhone 14 and iPhone 15 only for now; default colour
 * Space Black), with their screens' native pixel sizes in portrait and the colours of their frames.
 * The frames are drawn by this project (frame.ts); no Apple artwork is copied.
 */
export interface Device {
  name: 'iPhone 14' | 'iPhone 15';
  /** The screen's native pixels, portrait. */
  width: number;
  height: number;
  /** The screen's corner radius, in screen pixels. */
  screenRadius: number;
  /** iPhone 15 has the Dynamic Island; iPhone 14 the notch. */
  cutout: 'island' | 'notch';
  colors: Readonly<Record<string, string>>;
}

export const DEFAULT_COLOR = 'Space Black';

export const DEVICES: readonly Device[] = [
  {
    name: 'iPhone 15',
    width: 1179,
    height: 2556,
    screenRadius: 165,
    cutout: 'island',
    colors: { 'Space Black': '#2b2b2d', Black: '#3b3e42', Blue: '#d4e1e9', Green: '#dce5d6', Yellow: '#f4ebc6', Pink: '#f2dde1' },
  },
  {
    name: 'iPhone 14',
    width: 1170,
    height: 2532,
    screenRadius: 150,
    cutout: 'notch',
    colors: { 'Space Black': '#2b2b2d', Midnight: '#222930', Starlight: '#f9f3ee', Purple: '#e5ddea', Blue: '#a0b4c7', Red: '#bf0013', Yellow: '#f9e479' },
  },
];

export type Orientation = 'portrait' | 'landscape';

/** Portrait when the screenshot is at least as high as wide. */
export const orientationOf = (width: number, height: number): Orientation => (height >= width ? 'portrait' : 'landscape');

/**
 * The device for a screenshot of this pixel size: the one whose screen has exactly that size (either
 * way round); otherwise the one whose screen's aspect is nearest (the screenshot is then scaled to it).
 */
export function deviceFor(width: number, height: number): Device {
  const [short, long] = width <= height ? [width, height] : [height, width];
  const exact = DEVICES.find((d) => d.width === short && d.height === long);
  if (exact) return exact;
  const aspect = long / short;
  const distance = (d: Device) => Math.abs(d.height / d.width - aspect);
  return DEVICES.reduce((best, d) => (distance(d) < distance(best) ? d : best));
}

/** The colour's fill, or undefined when this device does not come in it. Blank means the default. */
export function colorOf(device: Device, color: string | undefined): string | undefined {
  const name = color?.trim() || DEFAULT_COLOR;
  const key = Object.keys(device.colors).find((c) => c.toLowerCase() === name.toLowerCase());
  return key ? device.colors[key] : undefined;
}
