import type { Device, Orientation } from './devices';

/** The frame's bezel around the screen, and the body's extra corner radius, in screen pixels. */
export const BEZEL = 72;

export interface FrameLayout {
  /** The whole image. */
  width: number;
  height: number;
  /** Where the screen (the screenshot) sits. */
  screen: { left: number; top: number; width: number; height: number; radius: number };
}

/** The image and screen rectangles of a device in an orientation. */
export function frameLayout(device: Device, orientation: Orientation): FrameLayout {
  const [sw, sh] = orientation === 'portrait' ? [device.width, device.height] : [device.height, device.width];
  return {
    width: sw + 2 * BEZEL,
    height: sh + 2 * BEZEL,
    screen: { left: BEZEL, top: BEZEL, width: sw, height: sh, radius: device.screenRadius },
  };
}

/**
 * The device body drawn as SVG: a rounded body in the colour, a thin darker edge, and side buttons.
 * The screen area is left transparent-free (black) and is covered by the screenshot.
 */
export function bodySvg(device: Device, orientation: Orientation, fill: string): string {
  const { width, height, screen } = frameLayout(device, orientation);
  const outer = screen.radius + BEZEL;
  const portrait = orientation === 'portrait';
  // Buttons on the long sides: action/volume on the left, power on the right (top/bottom when landscape).
  const button = (along: number, length: number, side: 'a' | 'b') =>
    portrait
      ? `<rect x="${side === 'a' ? 0 : width - 10}" y="${along}" width="10" height="${length}" rx="5" fill="${fill}" stroke="#0006" stroke-width="2"/>`
      : `<rect x="${along}" y="${side === 'a' ? height - 10 : 0}" width="${length}" height="10" rx="5" fill="${fill}" stroke="#0006" stroke-width="2"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect x="6" y="6" width="${width - 12}" height="${height - 12}" rx="${outer}" fill="${fill}" stroke="#00000059" stroke-width="4"/>
<rect x="${BEZEL - 18}" y="${BEZEL - 18}" width="${screen.width + 36}" height="${screen.height + 36}" rx="${screen.radius + 18}" fill="#000"/>
${button(420, 110, 'a')}${button(600, 200, 'a')}${button(860, 200, 'a')}${button(720, 320, 'b')}
</svg>`;
}

/** The screen's rounded corners as a mask (white inside the screen, transparent outside). */
export function screenMaskSvg(layout: FrameLayout): string {
  const { screen } = layout;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${screen.width}" height="${screen.height}"><rect width="${screen.width}" height="${screen.height}" rx="${screen.radius}" fill="#fff"/></svg>`;
}

/** The Dynamic Island or the notch, drawn over the screen's top edge (the left edge when landscape). */
export function cutoutSvg(device: Device, orientation: Orientation, layout: FrameLayout): string {
  const { screen } = layout;
  const [w, h, rx] = device.cutout === 'island' ? [370, 110, 55] : [560, 100, 40];
  const offset = device.cutout === 'island' ? 36 : -40;
  const shape =
    orientation === 'portrait'
      ? `<rect x="${(screen.width - w) / 2}" y="${offset}" width="${w}" height="${h}" rx="${rx}" fill="#000"/>`
      : `<rect x="${offset}" y="${(screen.height - w) / 2}" width="${h}" height="${w}" rx="${rx}" fill="#000"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${screen.width}" height="${screen.height}">${shape}</svg>`;
}
