// Starts the orders service alone: its own port and schema (the distributed topology).
// Only the bootstrap is imported up front, so tracing starts before the instrumented modules load.
import { bootService } from '@seatside/chassis/src/bootstrap';

void bootService('orders', 8104, () => import('./index').then((m) => m.ordersService));
