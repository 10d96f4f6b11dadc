import type { ServiceModule } from '@seatside/chassis';
import { createAiVoiceService, voiceOptionsFrom } from '@seatside/ai-voice';
import { createCatalogService } from '@seatside/catalog';
import { catalogOptionsFrom } from '@seatside/catalog/src/options';
import { chatOptionsFrom, createChatService } from '@seatside/chat';
import { createIdentityService, identityOptionsFrom } from '@seatside/identity';
import type { GatewayConfig } from './config';
import { createMediaService, mediaOptionsFrom } from '@seatside/media';
import { notificationsService } from '@seatside/notifications';
import { createOrdersService, ordersOptionsFrom } from '@seatside/orders';
import { createTagsService, tagsOptionsFrom } from '@seatside/tags';
import { createWebhooksService, webhooksOptionsFrom } from '@seatside/webhooks';

/** Every service, for the embedded topology (one process), configured from the gateway's env. */
export const serviceModules = (config: GatewayConfig): ServiceModule[] => [
  createIdentityService(identityOptionsFrom(config)), createCatalogService(catalogOptionsFrom(config)), createTagsService(tagsOptionsFrom(config)), createOrdersService(ordersOptionsFrom(config)), createChatService(chatOptionsFrom(config)),
  notificationsService, createWebhooksService(webhooksOptionsFrom(config)), createAiVoiceService(voiceOptionsFrom(config, config.PORT)), createMediaService(mediaOptionsFrom(config)),
];
