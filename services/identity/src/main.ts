import { runStandalone } from '@seatside/chassis';
import { identityService } from './index';

// Starts the identity service alone: its own port and schema (the distributed topology).
void runStandalone(identityService, { defaultPort: 8101 });
