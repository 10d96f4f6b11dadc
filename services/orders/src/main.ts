// Starts the orders service alone: its own port and schema (the distributed topology).
// Only the bootstrap and config are imported up front, so tracing starts before the instrumented modules load.
import { bootService } from '@seatside/chassis/src/bootstrap';
import { parseConfig } from '@seatside/chassis/src/config';
import { ordersConfigSchema, ordersOptionsFrom } from './payments/options';

void bootService('orders', 8104, () => import('./index').then((m) => m.createOrdersService(ordersOptionsFrom(parseConfig(ordersConfigSchema)))));
