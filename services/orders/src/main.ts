import { runStandalone } from '@seatside/chassis';
import { ordersService } from './index';

// Starts the orders service alone: its own port and schema (the distributed topology).
void runStandalone(ordersService, { defaultPort: 8104 });
