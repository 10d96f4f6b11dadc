import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { connectRealtime, type RealtimeConnection } from '../../realtime/client';
import { CALL_EVENTS, createPeer, type LiveCall } from '../../live/peer';
import { joinLiveKit } from '../../live/livekit';
import { errorMessage, fetchLiveSession, fetchVisitorChat, sendChatMessage, type OnlineStaffRecord, type ServerChatMessage, type VisitorChat } from '../api';
import { texts } from '../content';
import { useSuggestions } from '../suggestions';
import { caughtUp, fromServer, upsert, type ChatMessage } from '../conversation';

export type { ChatMessage };

export type CallState =
  | { phase: 'idle' }
  | { phase: 'ringing'; from: string }
  | { phase: 'connecting' | 'live'; remote?: MediaStream; local: MediaStream }
  | { phase: 'declined' };

export interface ChatState {
  chatId?: string;
  messages: ChatMessage[];
  /** Support ended the chat; the visitor's next message opens it again (the chat's decider reopens it). */
  ended: boolean;
  /** Online-staff records heard on the chat's socket since it connected, by id: the home screen's dots, live. */
  staff: Readonly<Record<string, OnlineStaffRecord>>;
  /** The chat's socket is connected: from now on what changes is heard (the panel's `data-live`). */
  live: boolean;
  error?: string;
  /** Names of support staff typing now. */
  typing: string[];
  call: CallState;
  send(text: string): boolean;
  setTyping(typing: boolean): void;
  acceptCall(): void;
  rejectCall(): void;
  hangUp(): void;
}

const newClientId = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** Seed 000 §5: blank or whitespace-only messages are not sent. */
export const isSendable = (text: string) => text.trim().length > 0;

/**
 * The conversation, kept by the panel so it survives tab switches: the visitor's chat from the API
 * (by account, or by the httpOnly cookie the first call sets), live over the `/chat` socket (both
 * sides' messages, staff typing, a support call).
 */
export function useChat(): ChatState {
  const [chatId, setChatId] = useState<string>();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [ended, setEnded] = useState(false);
  const [staff, setStaff] = useState<Record<string, OnlineStaffRecord>>({});
  const [live, setLive] = useState(false);
  const [error, setError] = useState<string>();
  const [typing, setTypingNames] = useState<string[]>([]);
  const [call, setCall] = useState<CallState>({ phase: 'idle' });
  const conn = useRef<RealtimeConnection | null>(null);
  const peer = useRef<LiveCall | null>(null);
  const typingSent = useRef(false);

  useEffect(() => {
    let cancelled = false;
    let connection: RealtimeConnection | undefined;
    fetchVisitorChat().then(
      (chat) => {
        if (cancelled) return;
        setChatId(chat.id);
        setMessages((list) => chat.data.map(fromServer).reduce(upsert, list));
        setEnded(chat.chat?.ended === true);
        connection = connectRealtime('/chat', { auth: () => ({ chatId: chat.id }) });
        conn.current = connection;
        connection.on<ServerChatMessage>('message', (m) => setMessages((list) => upsert(list, fromServer(m))));
        connection.on<{ id: string }>('message-removed', ({ id }) => setMessages((list) => list.filter((m) => m.id !== id)));
        connection.on('chat-deleted', () => {
          setMessages([]);
          setEnded(false);
        });
        connection.on<NonNullable<VisitorChat['chat']>>('chat', (c) => {
          setEnded(c.ended);
          if (c.ended) setTypingNames([]);
        });
        connection.on<OnlineStaffRecord>('staff', (record) => setStaff((known) => ({ ...known, [record.id]: record })));
        // Back after the socket was away (a phone that slept, a dropped network): what was said,
        // unsent or ended meanwhile was never heard, so the chat is read again.
        let wasLive = false;
        connection.onStatus((status) => {
          setLive(status === 'live');
          if (status !== 'live') return;
          if (wasLive) {
            fetchVisitorChat().then(
              (now) => {
                if (cancelled || now.id !== chat.id) return;
                setMessages((list) => caughtUp(list, now.data));
                setEnded(now.chat?.ended === true);
              },
              () => undefined,
            );
          }
          wasLive = true;
        });
        connection.on<{ senderGroup: string; name: string; typing: boolean }>('typing', (t) => {
          if (t.senderGroup !== 'support') return;
          setTypingNames((names) => (t.typing ? (names.includes(t.name) ? names : [...names, t.name]) : names.filter((n) => n !== t.name)));
        });
        connection.on<{ name?: string }>(CALL_EVENTS.supportJoined, (signal) => setCall((c) => (c.phase === 'idle' || c.phase === 'declined' ? { phase: 'ringing', from: signal.name ?? 'Support' } : c)));
        connection.on(CALL_EVENTS.hangup, () => setCall((c) => (c.phase === 'ringing' ? { phase: 'idle' } : c)));
      },
      (err: unknown) => !cancelled && setError(errorMessage(err)),
    );
    return () => {
      cancelled = true;
      peer.current?.close(true);
      connection?.close();
      conn.current = null;
    };
  }, []);

  const send = useCallback((raw: string) => {
    if (!isSendable(raw)) return false;
    const text = raw.trim();
    const clientId = newClientId();
    const mark = (status: ChatMessage['status']) => setMessages((list) => list.map((m) => (m.clientId === clientId && m.status !== 'sent' ? { ...m, status } : m)));
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

  const setTyping = useCallback((now: boolean) => {
    if (typingSent.current === now) return;
    typingSent.current = now;
    conn.current?.emit('typing', { typing: now });
  }, []);

  const acceptCall = useCallback(() => {
    const connection = conn.current;
    if (!connection || !chatId) return;
    const start = async () => {
      const local = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      try {
        // The chat's live session: a LiveKit room when the server has LiveKit, else peer to peer.
        const session = await fetchLiveSession(chatId);
        setCall({ phase: 'connecting', local });
        const onEnded = () => {
          for (const track of local.getTracks()) track.stop();
          peer.current = null;
          setCall({ phase: 'idle' });
        };
        if (session.provider === 'livekit' && session.url) {
          peer.current = await joinLiveKit(connection, { url: session.url, token: session.token }, local, {
            onRemotes: (list) => list[0] && setCall({ phase: 'live', remote: list[0], local }),
            onEnded,
          });
        } else {
          peer.current = createPeer(connection, local, { onRemote: (remote) => setCall({ phase: 'live', remote, local }), onEnded });
        }
        connection.emit(CALL_EVENTS.accept, {});
      } catch (err) {
        for (const track of local.getTracks()) track.stop();
        throw err;
      }
    };
    start().catch((err: unknown) => {
      setError(errorMessage(err));
      connection.emit(CALL_EVENTS.reject, {});
      setCall({ phase: 'idle' });
    });
  }, [chatId]);

  const rejectCall = useCallback(() => {
    conn.current?.emit(CALL_EVENTS.reject, {});
    setCall({ phase: 'declined' });
  }, []);

  const hangUp = useCallback(() => peer.current?.close(true), []);

  return { chatId, messages, ended, staff, live, error, typing, call, send, setTyping, acceptCall, rejectCall, hangUp };
}

const statusText: Record<ChatMessage['status'], string> = { sending: 'Sending…', sent: 'Sent', failed: 'Not sent' };

function Video({ stream, muted, label }: { stream?: MediaStream; muted?: boolean; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && stream && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} className="ssw-video" autoPlay playsInline muted={muted} aria-label={label} />;
}

function CallPanel({ chat }: { chat: ChatState }) {
  const { call } = chat;
  if (call.phase === 'ringing') {
    return (
      <div className="ssw-call" role="alertdialog" aria-label="Incoming video call">
        <p>{call.from} from support would like to start a video call.</p>
        <div className="ssw-call-actions">
          <button type="button" className="ssw-btn" onClick={chat.acceptCall}>
            Accept
          </button>
          <button type="button" className="ssw-btn ssw-btn-secondary" onClick={chat.rejectCall}>
            Reject
          </button>
        </div>
      </div>
    );
  }
  if (call.phase === 'connecting' || call.phase === 'live') {
    return (
      <div className="ssw-call" aria-label="Video call">
        <div className="ssw-call-videos">
          <Video stream={call.remote} label="Video from support" />
          <Video stream={call.local} muted label="Your video" />
        </div>
        <p className="ssw-muted">{call.phase === 'live' ? 'In a call with support' : 'Connecting…'}</p>
        <button type="button" className="ssw-btn ssw-btn-danger" onClick={chat.hangUp}>
          Hang up
        </button>
      </div>
    );
  }
  return null;
}

export function ChatScreen({ chat }: { chat: ChatState }) {
  const [draft, setDraft] = useState('');
  const { remaining, markUsed } = useSuggestions();
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [chat.messages.length]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (chat.send(draft)) {
      setDraft('');
      chat.setTyping(false);
    }
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
      <p className="ssw-muted ssw-chat-expect">{texts.repliesWithin}</p>
      <CallPanel chat={chat} />
      <ul className="ssw-messages" ref={list} aria-label="Conversation" aria-live="polite">
        {chat.messages.length === 0 && <li className="ssw-msg ssw-msg-support">Hi! Ask us anything, or pick a question below.</li>}
        {chat.messages.map((m) => (
          <li key={m.id ?? m.clientId} className={`ssw-msg ssw-msg-${m.senderGroup}`} data-status={m.status}>
            {m.senderGroup === 'support' && <span className="ssw-msg-name">{m.ai ? `${m.name ?? 'AI'} (AI)` : m.name}</span>}
            {m.text}
            {m.senderGroup === 'client' && <span className="ssw-msg-status">{statusText[m.status]}</span>}
          </li>
        ))}
      </ul>
      {chat.ended && (
        <p className="ssw-alert ssw-alert-info" role="status" data-testid="chat-ended">
          <strong>{texts.chatEnded}</strong> {texts.chatEndedNext}
        </p>
      )}
      {chat.typing.length > 0 && (
        <p className="ssw-muted ssw-typing" aria-live="polite">
          {chat.typing.join(', ')} {chat.typing.length > 1 ? 'are' : 'is'} typing…
        </p>
      )}
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
          onChange={(e) => {
            setDraft(e.target.value);
            chat.setTyping(isSendable(e.target.value));
          }}
          onFocus={() => chat.setTyping(isSendable(draft))}
          onBlur={() => chat.setTyping(false)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="ssw-btn" disabled={!isSendable(draft)}>
          Send
        </button>
      </form>
    </div>
  );
}
