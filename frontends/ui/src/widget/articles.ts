import { useEffect, useState } from 'react';
import { fetchArticles, type Article as PublishedArticle } from '../api/support';
import { errorMessage } from './api';
import { articles as shipped } from './content';

export type { PublishedArticle };

type ArticlesState = { status: 'loading' } | { status: 'ready'; articles: PublishedArticle[] } | { status: 'error'; message: string };

/** The article shipped with the widget, as a published one: the featured article until staff publish their own. */
export const shippedArticles: PublishedArticle[] = shipped.map((a) => ({
  id: a.id, title: a.title, description: a.description, markdown: a.content, image: '', published: true, news: false, createdAt: '', updatedAt: '', publishedAt: null,
}));

// One request per page view and kind: the home, help and news screens share them.
const cache = new Map<string, Promise<PublishedArticle[]>>();

export function loadArticles(news = false): Promise<PublishedArticle[]> {
  const key = news ? 'news' : 'all';
  let loading = cache.get(key);
  if (!loading) {
    loading = fetchArticles({ news }).then((page) => page.data);
    loading.catch(() => cache.delete(key)); // let the next screen retry
    cache.set(key, loading);
  }
  return loading;
}

export function useArticles(news = false): ArticlesState {
  const [state, setState] = useState<ArticlesState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadArticles(news).then(
      (articles) => live && setState({ status: 'ready', articles }),
      (err: unknown) => live && setState({ status: 'error', message: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [news]);
  return state;
}

/** Published articles, or the shipped one while staff have published none. */
export const articlesOrShipped = (published: PublishedArticle[]) => (published.length > 0 ? published : shippedArticles);

/** A search word's stem, so a word finds its other forms: 'price', 'prices', 'priced' and 'pricing' all look for 'pric'. */
const stemOf = (word: string) => (word.length > 4 ? word.replace(/(ing|ed|es|s|e)$/, '') : word);

/**
 * Seed 000 §2 /help search: 3+ characters; every word of the query (by its stem) is somewhere in the
 * question/answer or title/description/body.
 */
export const HELP_SEARCH_MIN = 3;
export function matches(query: string, ...texts: string[]): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean).map(stemOf);
  const haystack = texts.join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}
