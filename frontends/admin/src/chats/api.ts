import { api } from '@seatside/ui';

/** The admin inbox's calls (docs/chat-api.md). */

export interface ChatUser {
  id: string;
  name: string;
  email: string;
  authenticated: boolean;
  typing: boolean;
}

export interface AdminChat {
  id: string;
  users: Record<string, ChatUser>;
  startedBy: string;
  readBy: string[];
  lastInteracted: string;
  mostRecentMessage: string;
  ended: boolean;
  endedAt: string | null;
  highlighted: boolean;
  aiAutoResponse: boolean;
  createdAt: string;
  unread: boolean;
}

export interface AdminChatMessage {
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

export type ChatTab = 'open' | 'ended' | 'bookmarked';

export interface OnlineStaffRecord {
  id: string;
  online: boolean;
  lastOnline: string | null;
  name: string;
  avatar: string | null;
}

const base = (chatId: string) => `/admin/chats/${encodeURIComponent(chatId)}`;

export const chatApi = {
  list: (tab: ChatTab, cursor?: string) => api.get<{ data: AdminChat[]; total: number; nextCursor?: string | null }>('/admin/chats', { query: { tab, ...(cursor ? { cursor } : {}) } }),
  get: (chatId: string) => api.get<AdminChat & { messages: AdminChatMessage[] }>(base(chatId)),
  send: (chatId: string, text: string) => api.post<{ id: string }>(`${base(chatId)}/messages`, { text }),
  edit: (chatId: string, messageId: string, text: string) => api.post(`${base(chatId)}/messages/${encodeURIComponent(messageId)}`, { text }),
  unsend: (chatId: string, messageId: string) => api.delete(`${base(chatId)}/messages/${encodeURIComponent(messageId)}`),
  action: (chatId: string, action: 'read' | 'leave' | 'end' | 'highlight' | 'unhighlight') => api.post<{ message: string }>(`${base(chatId)}/${action}`, {}),
  autoResponse: (chatId: string, enabled: boolean) => api.post<{ message: string }>(`${base(chatId)}/ai-auto-response`, { enabled }),
  faq: (chatId: string, questionMessageId: string, answerMessageId: string) =>
    api.post<{ id: string; message: string; question: string; answer: string }>(`${base(chatId)}/faq`, { questionMessageId, answerMessageId }),
  remove: (chatId: string) => api.delete<{ message: string }>(base(chatId)),
  draft: (message: string) => api.post<{ message: string }>('/chat/respond', { message }),
  live: (chatId: string) => api.post<{ channel: string; token: string; uid: string; provider: 'livekit' | 'p2p'; url?: string }>(`/live/${encodeURIComponent(chatId)}`, {}),
  myStatus: () => api.get<OnlineStaffRecord>('/admin/online-staff/me'),
  setStatus: (online: boolean, name?: string) => api.post<OnlineStaffRecord>('/admin/online-staff', { online, ...(name ? { name } : {}) }),
};


/** Who started the chat, as the inbox names them. */
export const clientName = (chat: AdminChat) => {
  const client = chat.users[chat.startedBy];
  return client ? client.email || client.name : 'Visitor';
};
