/**
 * The widget's calls: the support calls of the shared API client, plus the chat (docs/chat-api.md).
 */
import { api, ApiError } from '../api/client';

export { fetchFaq, fetchFaqs, sendContact, type Faq } from '../api/support';
export { errorMessage } from '../alerts';

export interface ServerChatMessage {
  id: string;
  chatId: string;
  text: string;
  clientId: string;
  timestamp: string;
  seq: number;
  sentBy: string;
  senderGroup: 'client' | 'support';
  name: string;
  ai: boolean;
  edited: boolean;
}

export interface VisitorChat {
  id: string;
  chat: { id: string; ended: boolean; staff: { id: string; name: string }[] } | null;
  data: ServerChatMessage[];
}

export interface OnlineStaffRecord {
  id: string;
  online: boolean;
  lastOnline: string;
  name: string;
  avatar: string | null;
}

/** The visitor's chat and its messages (the first call also sets the anonymous visitor's cookie). */
export const fetchVisitorChat = () => api.get<VisitorChat>('/chat/messages');

export function sendChatMessage(text: string, clientId: string): Promise<unknown> {
  return api.post('/chat', { message: text, type: 'text', clientId });
}

export const fetchOnlineStaff = () => api.get<{ data: OnlineStaffRecord[] }>('/chat/staff');

export const fetchLiveSession = (chatId: string) =>
  api.post<{ channel: string; token: string; uid: string; provider: 'livekit' | 'p2p'; url?: string }>(`/live/${encodeURIComponent(chatId)}`, {});

export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.errors ? err.errors : {};
}
