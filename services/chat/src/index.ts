import { Router } from 'express';
import type { ServiceModule } from '@seatside/chassis';
import { contactRouter } from './contact/http';
import { contactSubmissions } from './contact/projections';
import { faqRouter } from './faqs/http';
import { faqs } from './faqs/projections';
import { createSubgraph } from './subgraph';

/** Support: the widget's chats, contact submissions and FAQs. */
export const chatService: ServiceModule = {
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
    };
  },
};
