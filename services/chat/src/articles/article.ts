import { conflict, notFound, type Decider } from '@seatside/chassis';

/** Seed 000 §3 Article (id, title, description, markdown, image) with its publication state. */
export const articleMessages = {
  titleRequired: 'Title is required',
  notFound: 'Article not found',
  saved: 'Article saved!',
  deleted: 'Article deleted',
  invalidImage: 'Image must be an uploaded image or an https URL',
} as const;

export type ArticleFields = {
  title: string;
  description: string;
  /** The body, markdown (rendered without raw HTML). */
  markdown: string;
  /** An image URL (a media upload's /v1/media/... path or an https URL), '' for none. */
  image: string;
  published: boolean;
  /** Listed in the widget's News. */
  news: boolean;
};

type At = { articleId: string; by: string; at: string };

export type ArticleEvent =
  | { type: 'ArticleCreated'; data: ArticleFields & At }
  | { type: 'ArticleUpdated'; data: Partial<ArticleFields> & At }
  | { type: 'ArticleDeleted'; data: At };

export type ArticleCommand =
  | { type: 'CreateArticle'; data: ArticleFields & At }
  | { type: 'UpdateArticle'; data: Partial<ArticleFields> & At }
  | { type: 'DeleteArticle'; data: At };

export type ArticleState = { status: 'none' | 'live' | 'deleted' };

export const articleDecider: Decider<ArticleCommand, ArticleEvent, ArticleState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateArticle':
        if (state.status !== 'none') throw conflict('This article already exists');
        return [{ type: 'ArticleCreated', data: command.data }];
      case 'UpdateArticle':
        if (state.status !== 'live') throw notFound(articleMessages.notFound);
        return [{ type: 'ArticleUpdated', data: command.data }];
      case 'DeleteArticle':
        if (state.status !== 'live') throw notFound(articleMessages.notFound);
        return [{ type: 'ArticleDeleted', data: command.data }];
    }
  },
  evolve: (state, event) => (event.type === 'ArticleCreated' ? { status: 'live' } : event.type === 'ArticleDeleted' ? { status: 'deleted' } : state),
};

export const articleStream = (articleId: string) => `article-${articleId}`;
