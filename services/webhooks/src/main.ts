// Starts the webhooks service alone: its own port and schema (the distributed topology).
// Only the bootstrap and config are imported up front, so tracing starts before the instrumented modules load.
import { bootService } from '@seatside/chassis/src/bootstrap';
import { parseConfig, serviceConfigSchema } from '@seatside/chassis/src/config';
import { webhooksConfigFields, webhooksOptionsFrom } from './options';

const config = () => parseConfig(serviceConfigSchema('webhooks', 8107).extend(webhooksConfigFields));

void bootService('webhooks', 8107, () => import('./index').then((m) => m.createWebhooksService(webhooksOptionsFrom(config()))));
