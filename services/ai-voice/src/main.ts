import { runStandalone } from '@seatside/chassis';
import { aiVoiceService } from './index';

// Starts the ai-voice service alone: its own port and schema (the distributed topology).
void runStandalone(aiVoiceService, { defaultPort: 8108 });
