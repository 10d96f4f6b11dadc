import { Router } from 'express';
import { sweepEvery, type ServiceModule, type Sweep } from '@seatside/chassis';
import { createAi } from '@seatside/chassis/src/ai';
import type { ArticleSource } from './chats/ai';
import { createChatEngine } from './chats/engine';
import { chatRouter } from './chats/http';
import { createLivePort } from './chats/live';
import { defaultAutoResponse, type ChatAutoResponseOptions, type ChatOptions } from './chats/options';
import { chatMessagesCollection, chats, onlineStaff } from './chats/projections';
import { chatRealtime } from './chats/realtime';
import { articlesRouter } from './articles/http';
import { articles as articleCollection, publishedArticles } from './articles/projections';
import { contactRouter } from './contact/http';
import { contactSubmissions } from './contact/projections';
import { faqRouter } from './faqs/http';
import { faqs } from './faqs/projections';
import { seedFaqCollection, seedFaqs as defaultSeedFaqs, type SeedFaq } from './faqs/seed';
import { createSubgraph } from './subgraph';
import { chatApi } from './openapi';
import { chatPublications } from './published';

export { seedFaqs, type SeedFaq } from './faqs/seed';
export { chatConfigFields, chatConfigSchema, chatOptionsFrom, type ChatOptions } from './chats/options';

export interface ChatServiceOptions extends Partial<Omit<ChatOptions, 'autoResponse'>> {
  /** FAQs appended once on start (idempotent); `[]` starts without any (API specs). */
  seedFaqs?: readonly SeedFaq[];
  /** When the AI answers a waiting chat (60 s; specs shorten the sweep and move the clock). */
  autoResponse?: Partial<ChatAutoResponseOptions>;
  /** Published articles for the AI's grounding. */
  articles?: ArticleSource;
}

/** Support: the widget's chats, contact submissions and FAQs. */
export function createChatService(options: ChatServiceOptions = {}): ServiceModule {
  const seed = options.seedFaqs ?? defaultSeedFaqs;
  const autoResponse = { ...defaultAutoResponse, ...options.autoResponse };
  return {
    name: 'chat',
    publications: chatPublications,
    api: chatApi,
    create(deps) {
      const ai = createAi(options.ai ?? {});
      // The AI is grounded on the published articles unless told otherwise.
      const articleSource = options.articles ?? publishedArticles;
      const engine = createChatEngine(deps, ai, autoResponse, articleSource);
      const router = Router();
      router.use(contactRouter(deps));
      router.use(faqRouter(deps));
      router.use(articlesRouter(deps));
      router.use(chatRouter(deps, engine, { ai, live: createLivePort(options.livekit), articles: articleSource }));
      let sweeper: Sweep | undefined;
      return {
        name: 'chat',
        router,
        subgraph: createSubgraph(deps),
        collections: [contactSubmissions, faqs, articleCollection, chats, chatMessagesCollection, onlineStaff],
        realtime: chatRealtime(engine, deps.now),
        async start() {
          if (seed.length > 0) await seedFaqCollection(deps, seed);
          if (ai.configured) {
            sweeper = sweepEvery(deps.logger, autoResponse.sweepEveryMs, () => engine.sweep(), 'AI auto-response sweep failed');
          }
        },
        async stop() {
          await sweeper?.stop();
        },
      };
    },
  };
}

/** The chat service with default options (specs): the seed FAQs, no AI, peer-to-peer calls. */
export const chatService: ServiceModule = createChatService();
