import { useEffect, useState } from 'react';
import { errorMessage } from '@seatside/ui';
import { fetchVapidPublicKey, subscribeToPush } from '../api';

const keyBytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
};

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && window.isSecureContext;

/**
 * Web push for this admin (seed 000 §7 `POST /webpush/admin/subscribe`): after the browser's
 * permission is granted, the service worker's PushSubscription is sent to the notifications service.
 */
export function PushToggle() {
  const [state, setState] = useState<'idle' | 'on' | 'working' | 'denied' | 'unsupported' | { error: string }>(() => (supported() ? 'idle' : 'unsupported'));
  useEffect(() => {
    if (!supported()) return;
    if (Notification.permission === 'denied') setState('denied');
    void navigator.serviceWorker.getRegistration().then((reg) => reg?.pushManager.getSubscription()).then((sub) => sub && setState('on'));
  }, []);

  const enable = async () => {
    setState('working');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return setState('denied');
      const registration = (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register('/sw.js'));
      const { publicKey } = await fetchVapidPublicKey();
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      await subscribeToPush(subscription.toJSON());
      setState('on');
    } catch (err) {
      setState({ error: errorMessage(err) });
    }
  };

  if (state === 'unsupported') return <p className="adm-muted">This browser cannot show push notifications here.</p>;
  if (state === 'denied') return <p className="adm-muted">Push notifications are blocked in this browser's settings.</p>;
  if (state === 'on') return <p className="adm-muted">Push notifications are on for this browser.</p>;
  return (
    <p>
      <button type="button" className="adm-btn" onClick={() => void enable()} disabled={state === 'working'}>
        Enable push notifications
      </button>
      {typeof state === 'object' && (
        <span className="adm-error" role="alert" style={{ marginLeft: 12 }}>
          {state.error}
        </span>
      )}
    </p>
  );
}
