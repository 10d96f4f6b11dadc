/**
 * The widget's calls: the support calls of the shared API client, plus chat sending.
 */
import { api, ApiError } from '../api/client';

export { fetchFaq, fetchFaqs, sendContact, type Faq } from '../api/support';
export { errorMessage } from '../alerts';

/** Sending chat messages comes with the chat issue; until then this call reports its failure. */
export function sendChatMessage(text: string, clientId: string): Promise<unknown> {
  return api.post('/chats/messages', { text, clientId });
}

export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.errors ? err.errors : {};
}
