import { Router } from 'express';
import { fileRequired, readUploadForm } from '../multipart';
import { reencodeImage } from '../images';
import { composeMockup } from './compose';

/**
 * The mockup tool (seed 000 §7 `POST {host}/api/mockup`): public, multipart `file` and `color`;
 * answers the PNG with `device` and `orientation` headers, or a problem whose `message` the page shows.
 * The gateway rate-limits it per client like every public route.
 */
export function mockupRouter(): Router {
  const router = Router();
  router.post('/api/mockup', async (req, res) => {
    const { fields, file } = await readUploadForm(req);
    if (!file) throw fileRequired();
    const checked = await reencodeImage(file.bytes);
    const mockup = await composeMockup(checked.bytes, fields.color);
    res
      .set({ device: mockup.device, orientation: mockup.orientation, 'Access-Control-Expose-Headers': 'device, orientation', 'Cache-Control': 'no-store' })
      .type('image/png')
      .send(mockup.png);
  });
  return router;
}
