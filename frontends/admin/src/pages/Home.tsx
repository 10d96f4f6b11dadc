import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PREVIEW_LENGTH, preview } from '@seatside/rules';
import { errorMessage } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead, type AdminNotification } from '../api';
import { OnlineStatusSlot } from '../online-status';
import { PushToggle } from './PushToggle';


export const homeTexts = {
  empty: 'All caught up! No notificaitons', // spelt so (seed 000 §8)
  readAll: 'Read All',
  title: 'Notifications',
} as const;

type State = { status: 'loading' } | { status: 'ready'; data: AdminNotification[]; unread: number } | { status: 'error'; message: string };

const timeOf = (seconds: number) => new Date(seconds * 1000).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

const TITLE = 'Home';

/** /admin: the online-status toggle and the admin's notifications (seed 000 §2, §4). */
export default function Home() {
  usePageTitle(TITLE);
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ status: 'loading' });
  const load = useCallback(() => {
    fetchNotifications().then(
      ({ data, unread }) => setState({ status: 'ready', data, unread }),
      (err: unknown) => setState({ status: 'error', message: errorMessage(err) }),
    );
  }, []);
  useEffect(() => {
    load();
    // New notifications arrive while the page is open (the consumer runs in the background).
    const timer = setInterval(load, 15_000);
    return () => clearInterval(timer);
  }, [load]);

  const open = async (note: AdminNotification) => {
    if (!note.read) await markNotificationRead(note.id).catch(() => undefined);
    const url = note.notification.webPush.options.data.url;
    if (url.startsWith('/')) void navigate(url);
    else window.location.assign(url);
  };
  const readAll = async () => {
    await markAllNotificationsRead();
    load();
  };

  return (
    <>
      <h1>{TITLE}</h1>
      <section className="adm-card" aria-label="Online status">
        <OnlineStatusSlot />
        <PushToggle />
      </section>
      <section className="adm-card" aria-labelledby="adm-notes-title">
        <div className="adm-toolbar" style={{ justifyContent: 'space-between' }}>
          <h2 id="adm-notes-title" style={{ margin: 0, fontSize: 20 }}>
            {homeTexts.title}{' '}
            {state.status === 'ready' && (
              <span className="adm-badge" data-testid="unread-count" aria-label={`${state.unread} unread`}>
                {state.unread}
              </span>
            )}
          </h2>
          <button type="button" className="adm-btn" onClick={() => void readAll()} disabled={state.status !== 'ready' || state.unread === 0}>
            {homeTexts.readAll}
          </button>
        </div>
        {state.status === 'loading' && <p className="adm-muted">Loading…</p>}
        {state.status === 'error' && (
          <p className="adm-status adm-status-error" role="alert">
            {state.message}
          </p>
        )}
        {state.status === 'ready' &&
          (state.data.length === 0 ? (
            <p className="adm-muted" data-testid="notifications-empty">
              {homeTexts.empty}
            </p>
          ) : (
            <ul className="adm-notes" data-testid="notifications">
              {state.data.map((note) => (
                <li key={note.id}>
                  <button type="button" className="adm-note" data-read={String(note.read)} data-testid="notification" onClick={() => void open(note)}>
                    <span className="dot" aria-hidden="true" />
                    <span>
                      <strong>{note.notification.webPush.title}</strong>
                      <span className="adm-muted" title={note.notification.webPush.options.body}>
                        {preview(note.notification.webPush.options.body, PREVIEW_LENGTH.notificationBody)}
                      </span>
                    </span>
                    <span className="adm-muted" style={{ fontSize: 13 }}>
                      {note.read ? '' : 'Unread · '}
                      {timeOf(note.createdAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ))}
      </section>
    </>
  );
}
