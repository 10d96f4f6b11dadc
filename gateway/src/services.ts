import type { ServiceModule } from '@seatside/chassis';
import { aiVoiceService } from '@seatside/ai-voice';
import { catalogService } from '@seatside/catalog';
import { chatService } from '@seatside/chat';
import { identityService } from '@seatside/identity';
import { mediaService } from '@seatside/media';
import { notificationsService } from '@seatside/notifications';
import { ordersService } from '@seatside/orders';
import { tagsService } from '@seatside/tags';
import { webhooksService } from '@seatside/webhooks';

/** Every service, for the embedded topology (one process). */
export const serviceModules: ServiceModule[] = [
  identityService, catalogService, tagsService, ordersService, chatService,
  notificationsService, webhooksService, aiVoiceService, mediaService,
];
