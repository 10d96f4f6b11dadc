// Starts the ai-voice service alone: its own port and schema (the distributed topology).
// Only the bootstrap is imported up front, so tracing starts before the instrumented modules load.
import { bootService } from '@seatside/chassis/src/bootstrap';
import { parseConfig } from '@seatside/chassis/src/config';
import { voiceConfigSchema, voiceOptionsFrom } from './options';

void bootService('ai-voice', 8108, () => import('./index').then((m) => m.createAiVoiceService(voiceOptionsFrom(parseConfig(voiceConfigSchema)))));
