// Starts the tags service alone: its own port and schema (the distributed topology).
// Only the bootstrap and config are imported up front, so tracing starts before the instrumented modules load.
import { bootService } from '@seatside/chassis/src/bootstrap';
import { parseConfig } from '@seatside/chassis/src/config';
import { tagsConfigSchema, tagsOptionsFrom } from './options';

void bootService('tags', 8103, () => import('./index').then((m) => m.createTagsService(tagsOptionsFrom(parseConfig(tagsConfigSchema)))));
