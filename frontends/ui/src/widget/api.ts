/**
 * The widget's calls, through the shared typed API client (base `/v1`, problem+json → ApiError).
 */
import { api, ApiError } from '../api/client';
import type { ContactForm } from './validation';

export interface Faq {
  id: string;
  question: string;
  answer: string;
  scope?: string;
}

export interface ContactReply {
  id: string;
  message: string;
}

export function fetchFaqs(): Promise<Faq[]> {
  return api.get<{ data: Faq[] }>('/faqs').then((page) => page.data);
}

export function fetchFaq(id: string): Promise<Faq> {
  return api.get<Faq>(`/faqs/${encodeURIComponent(id)}`);
}

export function sendContact(form: ContactForm): Promise<ContactReply> {
  return api.post<ContactReply>('/contact', { source: 'widget', ...form });
}

/** Sending chat messages comes with the chat issue; until then this call reports its failure. */
export function sendChatMessage(text: string, clientId: string): Promise<unknown> {
  return api.post('/chats/messages', { text, clientId });
}

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return 'Something went wrong, please try again';
}

export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.errors ? err.errors : {};
}
