import { runStandalone } from '@seatside/chassis';
import { chatService } from './index';

// Starts the chat service alone: its own port and schema (the distributed topology).
void runStandalone(chatService, { defaultPort: 8105 });
