import type { Router } from 'express';
import { isTenantCollection } from './membership';

/**
 * Routes under `/v1/:collection/:id/…` answer only for tenant collections: any other first segment
 * skips them, so other services' routes of the same shape still match in the embedded gateway.
 */
export function tenantParams(router: Router): void {
  router.param('collection', (_req, _res, next, value: string) => (isTenantCollection(value) ? next() : next('route')));
}
