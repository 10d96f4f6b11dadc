import { Router } from 'express';
import { sampleMerchantList } from './samples';

/** Seed 002 §7: `GET /demo/merchants` (no auth header) lists the sample merchants by name. */
export function demoRouter(): Router {
  return Router().get('/v1/demo/merchants', (_req, res) => {
    res.json({ data: sampleMerchantList() });
  });
}
