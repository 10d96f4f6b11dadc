// Starts the identity service alone: its own port and schema (the distributed topology).
// Only the bootstrap and config are imported up front, so tracing starts before the instrumented modules load.
import { bootService } from '@seatside/chassis/src/bootstrap';
import { parseConfig } from '@seatside/chassis/src/config';
import { identityConfigSchema, identityOptionsFrom } from './options';

void bootService('identity', 8101, () =>
  import('./index').then((m) => m.createIdentityService(identityOptionsFrom(parseConfig(identityConfigSchema)))),
);
