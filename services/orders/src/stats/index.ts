// The sales stats read model and widgets API (issue 24; docs/orders-api.md "Sales stats").
import { type ServiceDeps, type TenantAccess } from '@seatside/chassis';
import { statsRouter } from './http';
import { followStats } from './projection';
import { statsReader } from './reader';
import { statsTables } from './store';

export { STATS_SUBSCRIPTION, STATS_CUSTOMERS_SUBSCRIPTION, STATS_UPDATED } from './projection';
export { statsTables } from './store';

/** The subscriptions that fill the stats tables (migrations.ts, version 2) and the router that reads them. */
export function salesStats(deps: ServiceDeps, access: TenantAccess) {
  const tables = statsTables(deps.schema);
  return {
    follow: () => followStats(deps, tables),
    router: () => statsRouter(deps, access, statsReader(deps.pool, deps.schema, tables, deps.readModels, deps.now)),
  };
}
