// Starts the catalog service alone: its own port and schema (the distributed topology).
// Only the bootstrap is imported up front, so tracing starts before the instrumented modules load.
import { bootService } from '@seatside/chassis/src/bootstrap';

void bootService('catalog', 8102, () => import('./index').then((m) => m.catalogService));
