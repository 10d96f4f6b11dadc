import { runStandalone } from '@seatside/chassis';
import { webhooksService } from './index';

// Starts the webhooks service alone: its own port and schema (the distributed topology).
void runStandalone(webhooksService, { defaultPort: 8107 });
