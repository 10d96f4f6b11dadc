import { Router } from 'express';
import type { ServiceModule } from '@seatside/chassis';
import { contactRouter } from './contact/http';
import { contactSubmissions } from './contact/projections';
import { faqRouter } from './faqs/http';
import { faqs } from './faqs/projections';
import { seedFaqCollection, seedFaqs as defaultSeedFaqs, type SeedFaq } from './faqs/seed';
import { createSubgraph } from './subgraph';

export { seedFaqs, type SeedFaq } from './faqs/seed';

export interface ChatServiceOptions {
  /** FAQs appended once on start (idempotent); `[]` starts without any (API specs). */
  seedFaqs?: readonly SeedFaq[];
}

/** Support: the widget's chats, contact submissions and FAQs. */
export function createChatService(options: ChatServiceOptions = {}): ServiceModule {
  const seed = options.seedFaqs ?? defaultSeedFaqs;
  return {
    name: 'chat',
    create(deps) {
      const router = Router();
      router.use(contactRouter(deps));
      router.use(faqRouter(deps));
      return {
        name: 'chat',
        router,
        subgraph: createSubgraph(deps),
        collections: [contactSubmissions, faqs],
        async start() {
          if (seed.length > 0) await seedFaqCollection(deps, seed);
        },
      };
    },
  };
}

/** The chat service as the gateway and `main.ts` run it: with the seed FAQs. */
export const chatService: ServiceModule = createChatService();
