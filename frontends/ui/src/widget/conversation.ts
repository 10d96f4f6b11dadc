import type { ServerChatMessage } from './api';

/** A message of the widget's conversation: the server's once stored, the visitor's own until then. */
export interface ChatMessage {
  /** The server's id once stored; the client's id until then. */
  id?: string;
  clientId: string;
  text: string;
  senderGroup: 'client' | 'support';
  name?: string;
  ai?: boolean;
  seq?: number;
  status: 'sending' | 'sent' | 'failed';
}

export const fromServer = (m: ServerChatMessage): ChatMessage => ({ id: m.id, clientId: m.clientId, text: m.text, senderGroup: m.senderGroup, name: m.name, ai: m.ai, seq: m.seq, status: 'sent' });

/** Adds or replaces a server message (by id, or the pending one with its clientId), in chat order. */
export function upsert(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const at = list.findIndex((m) => (message.id && m.id === message.id) || m.clientId === message.clientId);
  const next = at >= 0 ? list.map((m, i) => (i === at ? message : m)) : [...list, message];
  return next.sort((a, b) => (a.seq ?? Number.MAX_SAFE_INTEGER) - (b.seq ?? Number.MAX_SAFE_INTEGER));
}

/**
 * The conversation as the server has it now, read again after the socket was away (a phone that
 * slept, a dropped network): what was said, edited or unsent meanwhile is as stored; the visitor's
 * own messages the server has not stored yet (sending, or not sent) stay after it.
 */
export function caughtUp(list: ChatMessage[], stored: ServerChatMessage[]): ChatMessage[] {
  const server = stored.map(fromServer);
  const storedClientIds = new Set(server.map((m) => m.clientId));
  const unstored = list.filter((m) => m.status !== 'sent' && !storedClientIds.has(m.clientId));
  return unstored.reduce(upsert, server.reduce(upsert, [] as ChatMessage[]));
}
