// Starts the media service alone: its own port and schema (the distributed topology).
// Only the bootstrap is imported up front, so tracing starts before the instrumented modules load.
import { bootService } from '@seatside/chassis/src/bootstrap';

void bootService('media', 8109, () => import('./index').then((m) => m.mediaService));
