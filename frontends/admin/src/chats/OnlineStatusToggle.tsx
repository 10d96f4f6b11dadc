import { useEffect, useState } from 'react';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { errorMessage, useSession } from '@seatside/ui';
import { chatApi } from './api';

/**
 * The support staff member's online status (seed 000 §2 /admin, §3 Online staff record): sets
 * `{online, lastOnline, name, avatar}`, which the widget shows as avatars with online dots and
 * which decides whether the AI answers chats at once. Placed on the admin home.
 */
export function OnlineStatusToggle() {
  const user = useSession((s) => s.user);
  const [online, setOnline] = useState<boolean>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let cancelled = false;
    chatApi.myStatus().then(
      (record) => !cancelled && setOnline(record.online),
      (err: unknown) => !cancelled && setError(errorMessage(err)),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const change = (next: boolean) => {
    setBusy(true);
    setError(undefined);
    chatApi.setStatus(next, user?.name).then(
      (record) => setOnline(record.online),
      (err: unknown) => setError(errorMessage(err)),
    ).finally(() => setBusy(false));
  };

  return (
    <div data-testid="online-status">
      <Switch id="online-status" checked={online === true} loading={online === undefined || busy} onChange={change} aria-label="Online status" />{' '}
      <label htmlFor="online-status">{online ? 'Online' : 'Offline'}</label>
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>
          {error}
        </Typography.Text>
      )}
    </div>
  );
}

export default OnlineStatusToggle;
