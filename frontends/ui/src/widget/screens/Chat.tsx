import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorMessage, sendChatMessage } from '../api';
import { useSuggestions } from '../suggestions';

export interface ChatMessage {
  clientId: string;
  text: string;
  senderGroup: 'client' | 'support';
  status: 'sending' | 'sent' | 'failed';
}

export interface ChatState {
  messages: ChatMessage[];
  error?: string;
  send(text: string): boolean;
}

const newClientId = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** Seed 000 §5: blank or whitespace-only messages are not sent. */
export const isSendable = (text: string) => text.trim().length > 0;

/**
 * The conversation state, kept by the panel so it survives tab switches. Sending goes through the
 * API client; the chat issue brings the endpoint and replies, so nothing is faked here.
 */
export function useChat(): ChatState {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [error, setError] = useState<string>();

  const send = useCallback((raw: string) => {
    if (!isSendable(raw)) return false;
    const text = raw.trim();
    const clientId = newClientId();
    const mark = (status: ChatMessage['status']) => setMessages((list) => list.map((m) => (m.clientId === clientId ? { ...m, status } : m)));
    setError(undefined);
    setMessages((list) => [...list, { clientId, text, senderGroup: 'client', status: 'sending' }]);
    sendChatMessage(text, clientId).then(
      () => mark('sent'),
      (err: unknown) => {
        mark('failed');
        setError(errorMessage(err));
      },
    );
    return true;
  }, []);

  return { messages, error, send };
}

const statusText: Record<ChatMessage['status'], string> = { sending: 'Sending…', sent: 'Sent', failed: 'Not sent' };

export function ChatScreen({ chat }: { chat: ChatState }) {
  const [draft, setDraft] = useState('');
  const { remaining, markUsed } = useSuggestions();
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [chat.messages.length]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (chat.send(draft)) setDraft('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      submit();
    }
  };

  const ask = (question: string) => {
    markUsed(question);
    chat.send(question);
  };

  return (
    <div className="ssw-chat">
      <ul className="ssw-messages" ref={list} aria-label="Conversation" aria-live="polite">
        {chat.messages.length === 0 && (
          <li className="ssw-msg ssw-msg-support">Hi! Ask us anything, or pick a question below.</li>
        )}
        {chat.messages.map((m) => (
          <li key={m.clientId} className={`ssw-msg ssw-msg-${m.senderGroup}`} data-status={m.status}>
            {m.text}
            {m.senderGroup === 'client' && <span className="ssw-msg-status">{statusText[m.status]}</span>}
          </li>
        ))}
      </ul>
      {chat.error && (
        <p className="ssw-alert ssw-alert-error" role="alert">
          {chat.error}
        </p>
      )}
      {remaining.length > 0 && (
        <div className="ssw-chips" role="group" aria-label="Suggested questions">
          {remaining.map((q) => (
            <button key={q} type="button" className="ssw-chip" onClick={() => ask(q)}>
              {q}
            </button>
          ))}
        </div>
      )}
      <form className="ssw-composer" onSubmit={submit}>
        <label htmlFor="ssw-chat-input" className="ssw-sr">
          Message
        </label>
        <textarea
          id="ssw-chat-input"
          className="ssw-input"
          rows={1}
          placeholder="Write a message…"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="ssw-btn" disabled={!isSendable(draft)}>
          Send
        </button>
      </form>
    </div>
  );
}
