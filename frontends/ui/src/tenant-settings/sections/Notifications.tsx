import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import { useAlerts } from '../../alerts-antd';
import type { Tenant } from '../api';
import { useSectionSave, useSettings } from '../context';
import { settingsMessages } from '../messages';
import { api, errorMessage } from '../shared';
import { usePageTitle } from '../../title';
import { Toggle } from './parts';

const m = settingsMessages.notifications;

/** Seed 001 §3: per merchant per user. */
export type NotificationPreferences = { appPushNotification: boolean; webPush: boolean; email: boolean; sms: boolean; smsConsent: boolean };

const base = (tenant: Tenant) => `/merchants/${encodeURIComponent(tenant.id)}`;
export const notificationPreferencesApi = {
  get: (tenant: Tenant) => api.get<NotificationPreferences>(`${base(tenant)}/notification-preferences`),
  save: (tenant: Tenant, prefs: NotificationPreferences) => api.post<{ message: string }>(`${base(tenant)}/notification-preferences`, prefs),
  vapidKey: (tenant: Tenant) => api.get<{ publicKey: string }>(`${base(tenant)}/webpush/vapid-public-key`),
  subscribe: (tenant: Tenant, subscription: PushSubscriptionJSON) => api.post<{ id: string }>(`${base(tenant)}/webpush/subscribe`, subscription),
  test: (tenant: Tenant) => api.post<{ message: string }>(`${base(tenant)}/webpush/test`, {}),
};

const keyBytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
};

const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && window.isSecureContext;

/**
 * This browser's web push for the merchant: the browser's permission first ('Permission for
 * notifications was denied', or 'Permission status: {status}' when the prompt was dismissed), then
 * the service worker's subscription, sent to `/v1/merchants/{id}/webpush/subscribe`; 'Send test'.
 */
function WebPushControls({ tenant }: { tenant: Tenant }) {
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const subscribe = async () => {
    setBusy(true);
    try {
      if (!pushSupported()) throw new Error('This browser cannot show push notifications here.');
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return alerts.error(m.denied);
      if (permission !== 'granted') return alerts.info(m.status(permission));
      const registration = (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register('/sw.js'));
      const { publicKey } = await notificationPreferencesApi.vapidKey(tenant);
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      await notificationPreferencesApi.subscribe(tenant, subscription.toJSON());
      alerts.success(m.status(permission));
    } catch (err) {
      alerts.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const test = async () => {
    setBusy(true);
    try {
      alerts.success((await notificationPreferencesApi.test(tenant)).message);
    } catch (err) {
      alerts.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button onClick={() => void subscribe()} loading={busy}>
        Enable on this browser
      </Button>
      <Button onClick={() => void test()} loading={busy}>
        Send test
      </Button>
    </div>
  );
}

function PreferencesForm({ tenant, initial }: { tenant: Tenant; initial: NotificationPreferences }) {
  const [form] = Form.useForm<NotificationPreferences>();
  const { busy, save } = useSectionSave(form, 'notification-preferences', m.saved);
  const sms = Form.useWatch('sms', form);
  const onFinish = (values: NotificationPreferences) => void save(() => notificationPreferencesApi.save(tenant, { ...initial, ...values, smsConsent: values.sms ? values.smsConsent : false }));
  return (
    <Form<NotificationPreferences> form={form} layout="vertical" name="notification-preferences" initialValues={initial} requiredMark={false} disabled={busy} noValidate onFinish={onFinish} className="ts-form">
      <Toggle name="appPushNotification" label="App push notifications" />
      <Toggle name="webPush" label="Web push notifications" hint="New orders on this browser, once it is enabled below." />
      <WebPushControls tenant={tenant} />
      <Toggle name="email" label="Email" />
      <Toggle name="sms" label="SMS" hint={m.smsNotSent} />
      {sms && (
        <Form.Item
          name="smsConsent"
          valuePropName="checked"
          rules={[{ validator: (_rule, value: unknown) => (value === true ? Promise.resolve() : Promise.reject(new Error(m.smsConsent))) }]}
        >
          <Checkbox>I agree to receive SMS notifications about this merchant's orders.</Checkbox>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
        Save Preferences
      </Button>
    </Form>
  );
}

/** Seed 001 §3, §8: the caller's own preferences for this merchant; 'Preferences saved'. */
export function NotificationPreferencesSection() {
  usePageTitle(m.title);
  const { tenant } = useSettings();
  const [initial, setInitial] = useState<NotificationPreferences | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    notificationPreferencesApi.get(tenant).then(
      (prefs) => live && setInitial(prefs),
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [tenant]);
  return (
    <section aria-labelledby="notification-preferences-title" aria-busy={!initial && !error} data-testid="section-notification-preferences">
      <div className="ts-head">
        <h1 id="notification-preferences-title">{m.title}</h1>
      </div>
      {error ? <p role="alert">{error}</p> : initial ? <PreferencesForm tenant={tenant} initial={initial} /> : <p role="status">Loading…</p>}
    </section>
  );
}
