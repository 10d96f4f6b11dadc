import { runStandalone } from '@seatside/chassis';
import { notificationsService } from './index';

// Starts the notifications service alone: its own port and schema (the distributed topology).
void runStandalone(notificationsService, { defaultPort: 8106 });
