import type { CollectionSpec, InlineProjection, ReadModelStore } from '@seatside/chassis';
import type { ArticleEvent, ArticleFields } from './article';
import { relevantArticles, type GroundingArticle } from './relevance';

export const articles: CollectionSpec = {
  name: 'articles',
  sortable: ['createdAt', 'updatedAt', 'publishedAt', 'title'],
  searchable: ['title'],
  filterable: ['published', 'news'],
};

/** `version` is the stream version (the ETag); `publishedAt` the first time it was published. */
export type ArticleDoc = ArticleFields & { id: string; createdAt: string; updatedAt: string; publishedAt: string | null; version: number };

export const projectArticles =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<ArticleDoc>(articles, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as ArticleEvent;
      switch (event.type) {
        case 'ArticleCreated': {
          const { articleId, by: _by, at, ...fields } = event.data;
          await docs.put({ id: articleId, ...fields, createdAt: at, updatedAt: at, publishedAt: fields.published ? at : null, version: stored.streamVersion });
          break;
        }
        case 'ArticleUpdated': {
          const { articleId, by: _by, at, ...fields } = event.data;
          const current = await docs.get(articleId);
          if (!current) break;
          const publishedAt = current.publishedAt ?? (fields.published ? at : null);
          await docs.put({ ...current, ...fields, updatedAt: at, publishedAt, version: stored.streamVersion });
          break;
        }
        case 'ArticleDeleted':
          await docs.delete(event.data.articleId);
          break;
      }
    }
  };

/** How many published articles (newest first) the AI's grounding chooses from. */
const GROUNDING_POOL = 200;

/** The published articles that speak to a question (relevance.ts), for the AI's grounding (chats/ai.ts ArticleSource). */
export const publishedArticles = async (readModels: ReadModelStore, question: string): Promise<GroundingArticle[]> => {
  const page = await readModels.collection<ArticleDoc>(articles).find({ filter: { published: true }, sort: 'publishedAt', order: 'desc', limit: GROUNDING_POOL });
  return relevantArticles(
    page.data.map((a) => ({ title: a.title, body: [a.description, a.markdown].filter(Boolean).join('\n\n') })),
    question,
  );
};
