import type { CollectionSpec, InlineProjection, ReadModelStore } from '@seatside/chassis';
import type { FaqEvent, FaqFields } from './faq';

export const faqs: CollectionSpec = {
  name: 'faqs',
  sortable: ['createdAt', 'question'],
  searchable: ['question'],
  filterable: ['scope'],
};

/** `version` is the stream version, sent as the ETag for If-Match. */
export type FaqDoc = FaqFields & { id: string; createdAt: string; updatedAt: string; version: number };

export const projectFaqs =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const collection = readModels.collection<FaqDoc>(faqs, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as FaqEvent;
      switch (event.type) {
        case 'FaqCreated': {
          const { faqId, at, ...fields } = event.data;
          await collection.put({ id: faqId, ...fields, createdAt: at, updatedAt: at, version: stored.streamVersion });
          break;
        }
        case 'FaqUpdated': {
          const { faqId, at, ...fields } = event.data;
          await collection.patch(faqId, { ...fields, updatedAt: at, version: stored.streamVersion });
          break;
        }
        case 'FaqDeleted':
          await collection.delete(event.data.faqId);
          break;
      }
    }
  };
