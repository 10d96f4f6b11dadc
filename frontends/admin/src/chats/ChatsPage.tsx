import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Badge from 'antd/es/badge';
import Card from 'antd/es/card';
import List from 'antd/es/list';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { errorMessage } from '@seatside/ui';
import { connectRealtime } from '@seatside/ui/src/realtime';
import { chatApi, clientName, LAST_MESSAGE_PREVIEW, truncate, type AdminChat, type ChatTab } from './api';
import { OnlineStatusToggle } from './OnlineStatusToggle';

const tabs: { key: ChatTab; label: string }[] = [
  { key: 'open', label: 'Open' },
  { key: 'ended', label: 'Ended' },
  { key: 'bookmarked', label: 'Bookmarked' },
];

/** /admin/chats: Open (not ended), Ended, Bookmarked (highlighted); unread chats carry a dot; live. */
export default function ChatsPage() {
  const [tab, setTab] = useState<ChatTab>('open');
  const [chats, setChats] = useState<AdminChat[]>();
  const [error, setError] = useState<string>();

  const load = useCallback(() => {
    chatApi.list(tab).then(
      (page) => {
        setChats(page.data);
        setError(undefined);
      },
      (err: unknown) => setError(errorMessage(err)),
    );
  }, [tab]);

  useEffect(() => {
    setChats(undefined);
    load();
  }, [load]);

  // The inbox socket (staff, no chat id): any chat's change reloads the list.
  useEffect(() => {
    const conn = connectRealtime('/chat');
    conn.on('chat', load);
    conn.on('chat-deleted', load);
    conn.onStatus((status) => status === 'live' && load());
    return () => conn.close();
  }, [load]);

  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>Chats</Typography.Title>} extra={<OnlineStatusToggle />} style={{ maxWidth: 960, margin: '24px auto' }}>
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
                    {truncate(chat.mostRecentMessage, LAST_MESSAGE_PREVIEW)}
                  </Typography.Text>
                </span>
                <Typography.Text type="secondary">{new Date(chat.lastInteracted).toLocaleString()}</Typography.Text>
              </Link>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
