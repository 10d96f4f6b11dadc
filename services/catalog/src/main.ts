// Starts the catalog service alone: its own port and schema (the distributed topology).
// Only the bootstrap and config are imported up front, so tracing starts before the instrumented modules load.
import { bootService } from '@seatside/chassis/src/bootstrap';
import { parseConfig } from '@seatside/chassis/src/config';
import { catalogConfigSchema, catalogOptionsFrom } from './options';

void bootService('catalog', 8102, () => import('./index').then((m) => m.createCatalogService(catalogOptionsFrom(parseConfig(catalogConfigSchema)))));
