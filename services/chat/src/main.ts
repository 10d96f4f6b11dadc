// Starts the chat service alone: its own port and schema (the distributed topology).
// Only the bootstrap is imported up front, so tracing starts before the instrumented modules load.
import { bootService } from '@seatside/chassis/src/bootstrap';
import { parseConfig } from '@seatside/chassis/src/config';
import { chatConfigSchema, chatOptionsFrom } from './chats/options';

void bootService('chat', 8105, () => import('./index').then((m) => m.createChatService(chatOptionsFrom(parseConfig(chatConfigSchema)))));
