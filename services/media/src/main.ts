// Starts the media service alone: its own port and schema (the distributed topology).
// Only the bootstrap and config are imported up front, so tracing starts before the instrumented modules load.
import { bootService } from '@seatside/chassis/src/bootstrap';
import { parseConfig } from '@seatside/chassis/src/config';
import { mediaConfigSchema, mediaOptionsFrom } from './options';

void bootService('media', 8109, () => import('./index').then((m) => m.createMediaService(mediaOptionsFrom(parseConfig(mediaConfigSchema)))));
