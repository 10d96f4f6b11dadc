import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { errorMessage, useSession } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { connectRealtime, type RealtimeConnection } from '@seatside/ui/src/realtime';
import { chatApi, clientName, type AdminChat, type AdminChatMessage } from './api';

type Detail = AdminChat & { messages: AdminChatMessage[] };

/** Said when the open chat is deleted (by another staff member). */
export const CHAT_DELETED = 'This chat was deleted.';

/**
 * /admin/chats/{chatId}: opening reads the chat (the admin joins readBy and the chat's users),
 * leaving clears that admin's entry; messages live both ways; the typing flag is set while the input
 * is non-empty and focused; edit own messages, unsend any, an FAQ from a question and an answer,
 * Draft with AI, AI auto-response, bookmark, end, delete, and the live call.
 */
export default function ChatPage() {
  const { chatId = '' } = useParams();
  const navigate = useNavigate();
  const me = useSession((s) => s.user?.id);
  const [chat, setChat] = useState<Detail>();
  usePageTitle(chat ? clientName(chat) : undefined);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<{ text: string; faqId?: string }>();
  const [draft, setDraft] = useState('');
  const [focused, setFocused] = useState(false);
  const [clientTyping, setClientTyping] = useState(false);
  const [editing, setEditing] = useState<{ id: string; text: string }>();
  const [drafting, setDrafting] = useState(false);
  const conn = useRef<RealtimeConnection | null>(null);
  const typingSent = useRef(false);
  const list = useRef<HTMLUListElement>(null);

  const load = useCallback(() => chatApi.get(chatId).then(setChat, (err: unknown) => setError(errorMessage(err))), [chatId]);
  const fail = (err: unknown) => setError(errorMessage(err));

  useEffect(() => {
    void chatApi.action(chatId, 'read').then(load, fail);
    const connection = connectRealtime('/chat', { auth: () => ({ chatId }) });
    conn.current = connection;
    connection.on<AdminChatMessage>('message', (m) => {
      if (m.chatId !== chatId) return;
      setChat((c) => (c ? { ...c, messages: [...c.messages.filter((x) => x.id !== m.id), m].sort((a, b) => a.seq - b.seq) } : c));
      if (m.senderGroup === 'client') void chatApi.action(chatId, 'read');
    });
    // Deleted elsewhere (another staff member): nothing is left to answer here.
    connection.on<{ id: string }>('chat-deleted', ({ id }) => {
      if (id !== chatId) return;
      setChat(undefined);
      setError(CHAT_DELETED);
    });
    connection.on<{ id: string }>('message-removed', ({ id }) => setChat((c) => (c ? { ...c, messages: c.messages.filter((x) => x.id !== id) } : c)));
    connection.on<{ senderGroup: string; typing: boolean }>('typing', (t) => t.senderGroup === 'client' && setClientTyping(t.typing));
    connection.on<AdminChat>('chat', (c) => c.id === chatId && setChat((prev) => (prev && 'users' in c ? { ...prev, ...c } : prev)));
    // (Re)connected: in the chat again (a dropped connection left it on the server), then read it afresh.
    connection.onStatus((status) => status === 'live' && void chatApi.action(chatId, 'read').then(load, load));
    return () => {
      connection.close();
      conn.current = null;
      void chatApi.action(chatId, 'leave').catch(() => undefined);
    };
  }, [chatId, load]);

  // The newest message in view: when the chat opens and as messages arrive (the list scrolls on its own).
  const count = chat?.messages.length ?? 0;
  const newest = chat?.messages.at(-1)?.id;
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count, newest]);

  // The typing flag: set while the input is non-empty and focused.
  const typing = focused && draft.trim().length > 0;
  useEffect(() => {
    if (typingSent.current === typing) return;
    typingSent.current = typing;
    conn.current?.emit('typing', { typing });
  }, [typing]);

  const send = async () => {
    const text = draft.trim();
    if (!text) return;
    try {
      await chatApi.send(chatId, text);
      setDraft('');
    } catch (err) {
      fail(err);
    }
  };

  const lastClientMessage = chat ? [...chat.messages].reverse().find((m) => m.senderGroup === 'client') : undefined;
  const draftWithAi = async () => {
    if (!lastClientMessage) return;
    setDrafting(true);
    setError(undefined);
    try {
      setDraft((await chatApi.draft(lastClientMessage.text)).message);
    } catch (err) {
      fail(err);
    } finally {
      setDrafting(false);
    }
  };

  const act = async (run: () => Promise<{ message: string } | unknown>, reload = true) => {
    setError(undefined);
    try {
      const answer = (await run()) as { message?: string } | undefined;
      if (answer?.message) setNotice({ text: answer.message });
      if (reload) await load();
    } catch (err) {
      fail(err);
    }
  };

  const makeFaq = async (answer: AdminChatMessage) => {
    if (!chat) return;
    const question = [...chat.messages].filter((m) => m.seq < answer.seq).reverse().find((m) => m.senderGroup === 'client');
    if (!question) return setError('Pick a client question and a support answer');
    try {
      const faq = await chatApi.faq(chatId, question.id, answer.id);
      setNotice({ text: faq.message, faqId: faq.id });
    } catch (err) {
      fail(err);
    }
  };

  if (!chat) {
    return (
      <Card style={{ maxWidth: 960, margin: '24px auto' }}>
        {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 12 }} /> : 'Loading…'}
        {error && <Link to="/admin/chats">All chats</Link>}
      </Card>
    );
  }

  return (
    <Card
      style={{ maxWidth: 960, margin: '24px auto' }}
      title={
        <Space wrap>
          <Link to="/admin/chats">All chats</Link>
          <span>/</span>
          <strong data-testid="chat-client">{clientName(chat)}</strong>
          {chat.ended && <Tag>Ended</Tag>}
          {chat.highlighted && <Tag color="gold">Bookmarked</Tag>}
        </Space>
      }
    >
      {/* The actions sit in the body, not the card's head: there they squeezed the title (the way
          back, the client's name) out of sight on a phone. */}
      <Space wrap style={{ marginBottom: 12 }} data-testid="chat-actions">
        <Link to={`/admin/chats/${encodeURIComponent(chatId)}/live`}>Video call</Link>
        <Button onClick={() => act(() => chatApi.action(chatId, chat.highlighted ? 'unhighlight' : 'highlight'))}>{chat.highlighted ? 'Remove bookmark' : 'Bookmark'}</Button>
        {!chat.ended && <Button onClick={() => act(() => chatApi.action(chatId, 'end'))}>End chat</Button>}
        <Popconfirm title="Delete this chat and all its messages?" okText="Delete" onConfirm={() => act(async () => { await chatApi.remove(chatId); navigate('/admin/chats'); }, false)}>
          <Button danger>Delete chat</Button>
        </Popconfirm>
        <span>
          <Switch id="ai-auto" checked={chat.aiAutoResponse} onChange={(enabled) => act(() => chatApi.autoResponse(chatId, enabled))} />{' '}
          <label htmlFor="ai-auto">AI auto-response</label>
        </span>
      </Space>
      {notice && (
        <Alert type="success" showIcon closable onClose={() => setNotice(undefined)} style={{ marginBottom: 12 }}
          message={<span>{notice.text}{notice.faqId && <> — <Link to={`/admin/faqs/${encodeURIComponent(notice.faqId)}`}>Open the FAQ</Link></>}</span>} />
      )}
      {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 12 }} />}
      <ul ref={list} aria-label="Messages" style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 8, maxHeight: '55vh', overflow: 'auto' }}>
        {chat.messages.map((m) => (
          <li key={m.id} data-testid="chat-message" data-sender={m.senderGroup} style={{ alignSelf: m.senderGroup === 'support' ? 'flex-end' : 'flex-start', maxWidth: '75%' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {m.name}{m.ai ? ' (AI)' : ''}{m.edited ? ' · edited' : ''}
            </Typography.Text>
            {editing?.id === m.id ? (
              <Space.Compact style={{ width: '100%' }}>
                <Input aria-label="Edit message" value={editing.text} onChange={(e) => setEditing({ id: m.id, text: e.target.value })} />
                <Button type="primary" onClick={() => act(async () => { await chatApi.edit(chatId, m.id, editing.text); setEditing(undefined); })}>Save</Button>
                <Button onClick={() => setEditing(undefined)}>Cancel</Button>
              </Space.Compact>
            ) : (
              <div data-testid="message-text" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', padding: '8px 12px', borderRadius: 12, background: m.senderGroup === 'support' ? '#e6f4ff' : '#f5f5f5' }}>
                {m.text}
              </div>
            )}
            <Space size={4}>
              {m.senderGroup === 'support' && m.sentBy === me && editing?.id !== m.id && <Button size="small" type="link" onClick={() => setEditing({ id: m.id, text: m.text })}>Edit</Button>}
              <Button size="small" type="link" danger onClick={() => act(() => chatApi.unsend(chatId, m.id))}>Unsend</Button>
              {m.senderGroup === 'support' && <Button size="small" type="link" onClick={() => makeFaq(m)}>Create FAQ</Button>}
            </Space>
          </li>
        ))}
      </ul>
      {clientTyping && <Typography.Text type="secondary" data-testid="client-typing">{clientName(chat)} is typing…</Typography.Text>}
      {/* The reply box keeps a usable width: on a phone the buttons wrap under it. */}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 12 }} data-testid="composer">
        <Input.TextArea
          aria-label="Reply"
          style={{ flex: '1 1 240px' }}
          autoSize={{ minRows: 1, maxRows: 6 }}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button onClick={draftWithAi} loading={drafting} disabled={!lastClientMessage}>Draft with AI</Button>
        <Button type="primary" onClick={send} disabled={!draft.trim()}>Send</Button>
      </div>
    </Card>
  );
}
