import { runStandalone } from '@seatside/chassis';
import { mediaService } from './index';

// Starts the media service alone: its own port and schema (the distributed topology).
void runStandalone(mediaService, { defaultPort: 8109 });
