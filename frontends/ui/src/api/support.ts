import { api } from './client';

/** The chat service's support calls, shared by the marketing site and the support widget. */

export interface Faq {
  id: string;
  question: string;
  answer: string;
  scope: string;
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
  total: number;
}

/** `GET /v1/faqs` (in the order written), optionally of one scope (`pricing`). */
export const fetchFaqs = (scope?: string, signal?: AbortSignal) =>
  api.get<Page<Faq>>('/faqs', { query: { scope, limit: 100 }, signal });

export const fetchFaq = (id: string) => api.get<Faq>(`/faqs/${encodeURIComponent(id)}`);

export interface ContactSubmission {
  fullname: string;
  email?: string;
  phone?: string;
  message: string;
}

/**
 * `POST /v1/contact` from the contact page or the widget (stricter server rules); answers
 * `{ id, message }`, a problem+json answer is thrown as ApiError.
 */
export const sendContact = (form: ContactSubmission, source: 'page' | 'widget') =>
  api.post<{ id: string; message: string }>('/contact', {
    source,
    fullname: form.fullname,
    email: form.email ?? '',
    phone: form.phone ?? '',
    message: form.message,
  });

/** A published article (`GET /v1/articles`): markdown body, for the widget, the blog and Help. */
export interface Article {
  id: string;
  title: string;
  description: string;
  markdown: string;
  image: string;
  published: boolean;
  news: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

/** Published articles, newest first; `news` only the widget's News ones. */
export const fetchArticles = (options: { news?: boolean; limit?: number } = {}, signal?: AbortSignal) =>
  api.get<Page<Article>>('/articles', { query: { news: options.news ? 'true' : undefined, limit: options.limit ?? 100 }, signal, bearer: false });

export const fetchArticle = (id: string) => api.get<Article>(`/articles/${encodeURIComponent(id)}`, { bearer: false });

/** The footer's newsletter sign-up (double opt-in: a confirmation mail follows). */
export const subscribeToNewsletter = (email: string) => api.post<{ message: string }>('/subscribers', { email }, { bearer: false });
