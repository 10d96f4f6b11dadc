import { runStandalone } from '@seatside/chassis';
import { catalogService } from './index';

// Starts the catalog service alone: its own port and schema (the distributed topology).
void runStandalone(catalogService, { defaultPort: 8102 });
