import { runStandalone } from '@seatside/chassis';
import { tagsService } from './index';

// Starts the tags service alone: its own port and schema (the distributed topology).
void runStandalone(tagsService, { defaultPort: 8103 });
