import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import List from 'antd/es/list';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { errorMessage } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { connectRealtime } from '@seatside/ui/src/realtime';
import { PREVIEW_LENGTH, preview } from '@seatside/rules';
import { chatApi, clientName, type AdminChat, type ChatTab } from './api';
import { OnlineStatusToggle } from './OnlineStatusToggle';

const tabs: { key: ChatTab; label: string }[] = [
  { key: 'open', label: 'Open' },
  { key: 'ended', label: 'Ended' },
  { key: 'bookmarked', label: 'Bookmarked' },
];

/** /admin/chats: Open (not ended), Ended, Bookmarked (highlighted); unread chats carry a dot; live. */
const TITLE = 'Chats';

export default function ChatsPage() {
  usePageTitle(TITLE);
  const [tab, setTab] = useState<ChatTab>('open');
  const [chats, setChats] = useState<AdminChat[]>();
  const [next, setNext] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string>();
  /** How many rows are shown: a live reload reads that many again, so older pages stay open. */
  const shown = useRef(0);

  const load = useCallback(() => {
    const wanted = shown.current;
    const pages = async () => {
      let page = await chatApi.list(tab);
      const rows = [...page.data];
      while (rows.length < wanted && page.nextCursor) {
        page = await chatApi.list(tab, page.nextCursor);
        rows.push(...page.data);
      }
      return { rows, nextCursor: page.nextCursor ?? null };
    };
    pages().then(
      ({ rows, nextCursor }) => {
        shown.current = rows.length;
        setChats(rows);
        setNext(nextCursor);
        setError(undefined);
      },
      (err: unknown) => setError(errorMessage(err)),
    );
  }, [tab]);

  useEffect(() => {
    shown.current = 0;
    setChats(undefined);
    setNext(null);
    load();
  }, [load]);

  /** The next page of older chats (the API answers 50 at a time, newest interaction first). */
  const loadMore = () => {
    if (!next) return;
    setMore(true);
    chatApi.list(tab, next).then(
      (page) => {
        setChats((rows) => {
          const known = new Set((rows ?? []).map((c) => c.id));
          const all = [...(rows ?? []), ...page.data.filter((c) => !known.has(c.id))];
          shown.current = all.length;
          return all;
        });
        setNext(page.nextCursor ?? null);
      },
      (err: unknown) => setError(errorMessage(err)),
    ).finally(() => setMore(false));
  };

  // The inbox socket (staff, no chat id): any chat's change reloads the list.
  useEffect(() => {
    const conn = connectRealtime('/chat');
    conn.on('chat', load);
    conn.on('chat-deleted', load);
    conn.onStatus((status) => status === 'live' && load());
    return () => conn.close();
  }, [load]);

  return (
    <Card title={<Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>{TITLE}</Typography.Title>} extra={<OnlineStatusToggle />} style={{ maxWidth: 960, margin: '24px auto' }}>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as ChatTab)} items={tabs.map((t) => ({ key: t.key, label: t.label }))} />
      {error && <Alert type="error" showIcon message={error} />}
      {!chats && !error && <Spin />}
      {chats && (
        <List
          locale={{ emptyText: 'No chats found' }}
          dataSource={chats}
          renderItem={(chat) => (
            <List.Item data-testid="chat-row" data-unread={chat.unread ? 'true' : 'false'}>
              <Link to={`/admin/chats/${encodeURIComponent(chat.id)}`} style={{ display: 'flex', gap: 12, alignItems: 'center', width: '100%' }}>
                {chat.unread ? <Badge status="processing" aria-label="Unread" data-testid="unread-dot" /> : <span style={{ width: 6 }} />}
                <span style={{ flex: 1 }}>
                  <strong>{clientName(chat)}</strong>
                  <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="last-message">
                    {preview(chat.mostRecentMessage, PREVIEW_LENGTH.chatLastMessage)}
                  </Typography.Text>
                </span>
                <Typography.Text type="secondary">{new Date(chat.lastInteracted).toLocaleString()}</Typography.Text>
              </Link>
            </List.Item>
          )}
        />
      )}
      {chats && next && (
        <div style={{ textAlign: 'center', marginTop: 12 }}>
          <Button onClick={loadMore} loading={more}>
            Load more
          </Button>
        </div>
      )}
    </Card>
  );
}
