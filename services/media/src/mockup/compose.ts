import sharp from 'sharp';
import { validationFailed } from '@seatside/chassis';
import { mediaMessages as m } from '../messages';
import { colorOf, deviceFor, orientationOf, type Device, type Orientation } from './devices';
import { bodySvg, cutoutSvg, frameLayout, screenMaskSvg } from './frame';

export interface Mockup {
  png: Buffer;
  device: Device['name'];
  orientation: Orientation;
}

/**
 * A screenshot (already checked and re-encoded by the image pipeline) in a device frame: the device
 * chosen by the screenshot's pixel size, the orientation by its aspect, the body in `color`. A
 * screenshot of the device's own size sits in the screen pixel for pixel; another is scaled to cover it.
 */
export async function composeMockup(screenshot: Buffer, color: string | undefined): Promise<Mockup> {
  const { width = 0, height = 0 } = await sharp(screenshot).metadata();
  const orientation = orientationOf(width, height);
  const device = deviceFor(width, height);
  const fill = colorOf(device, color);
  if (!fill) {
    const message = m.mockupColor(device.name, Object.keys(device.colors));
    throw validationFailed(message, { color: message });
  }
  const layout = frameLayout(device, orientation);
  const { screen } = layout;
  const fitted = await sharp(screenshot)
    .resize(screen.width, screen.height, { fit: 'cover', withoutEnlargement: false })
    .ensureAlpha()
    .composite([{ input: Buffer.from(screenMaskSvg(layout)), blend: 'dest-in' }])
    .png()
    .toBuffer();
  const png = await sharp(Buffer.from(bodySvg(device, orientation, fill)))
    .composite([
      { input: fitted, left: screen.left, top: screen.top },
      { input: Buffer.from(cutoutSvg(device, orientation, layout)), left: screen.left, top: screen.top },
    ])
    .png()
    .toBuffer();
  return { png, device: device.name, orientation };
}
