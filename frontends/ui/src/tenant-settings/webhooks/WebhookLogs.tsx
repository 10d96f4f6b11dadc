import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { Link } from 'react-router';
import { useAlerts } from '../../alerts-antd';
import { RequireTenantRole } from '../../auth';
import { ModeMismatch, useTestMode } from '../../mode';
import { settingsPath, type Tenant } from '../api';
import { errorMessage } from '../shared';
import { useLoad } from '../useLoad';
import { PagerFooter } from '../../lists/PagerFooter';
import { pageWindow } from '../../lists/paging';
import { usePageTitle } from '../../title';
import { webhooksApi, type WebhookLog } from './api';
import { statusColour, webhookMessages as m } from './messages';
import '../styles';
import './styles';

/** Seed 002 §9: a log page holds 100, with no page size to choose. */
const LOG_PAGE_SIZE = 100;

const pretty = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

const timeOf = (seconds: number) => new Date(seconds * 1000).toLocaleString();

export function StatusTag({ statusCode }: { statusCode: number | null }) {
  const colour = statusColour(statusCode);
  return (
    <span className={`wh-status wh-status-${colour}`} data-colour={colour} data-testid="webhook-log-status">
      {statusCode ?? '—'}
    </span>
  );
}

type View = 'request' | 'response' | 'all';

/**
 * The detail drawer (seed 002 §2): the request body, the response body, or everything. A native modal
 * <dialog>, as the lists' quick-edit drawer is: Tab stays inside, Escape or the backdrop closes it,
 * and the focus goes back to the row that opened it.
 */
function LogDrawer({ log, onClose, onResend }: { log: WebhookLog; onClose(): void; onResend(): Promise<void> }) {
  const [view, setView] = useState<View>('request');
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    close.current?.focus();
    return () => {
      if (element?.open) element.close();
      opener?.focus();
    };
  }, []);
  const tab = (value: View, label: string) => (
    <button type="button" role="tab" aria-selected={view === value} className="ts-button" onClick={() => setView(value)}>
      {label}
    </button>
  );
  return (
    <dialog
      ref={dialog}
      className="wh-drawer"
      aria-labelledby="wh-drawer-title"
      data-testid="webhook-log-drawer"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the backdrop lands on the dialog itself.
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="wh-drawer-head">
        <h2 id="wh-drawer-title">
          {log.event} <StatusTag statusCode={log.statusCode} />
        </h2>
        <button ref={close} type="button" className="ts-button" onClick={onClose} aria-label="Close">
          ×
        </button>
      </div>
      <div className="wh-drawer-body">
        <div className="wh-tabs" role="tablist">
          {tab('request', 'Request body')}
          {tab('response', 'Response body')}
          {tab('all', 'Everything')}
        </div>
        {view === 'request' && <pre className="wh-body" data-testid="webhook-log-request">{pretty(log.requestBody)}</pre>}
        {view === 'response' && <pre className="wh-body" data-testid="webhook-log-response">{pretty(log.responseBody) || '(empty)'}</pre>}
        {view === 'all' && (
          <>
            <dl className="wh-meta">
              <dt>Id</dt>
              <dd>{log.id}</dd>
              <dt>Event</dt>
              <dd>{log.event}</dd>
              <dt>Created</dt>
              <dd>{timeOf(log.createdAt)}</dd>
              <dt>Status</dt>
              <dd>
                {log.statusCode ?? '—'} ({log.status})
              </dd>
              <dt>Attempts</dt>
              <dd>{log.attempts}</dd>
              {log.nextAttemptAt && (
                <>
                  <dt>Next attempt</dt>
                  <dd>{new Date(log.nextAttemptAt).toLocaleString()}</dd>
                </>
              )}
              {log.error && (
                <>
                  <dt>Error</dt>
                  <dd>{log.error}</dd>
                </>
              )}
              <dt>Request URL</dt>
              <dd>{log.requestURL}</dd>
            </dl>
            <h3>Request body</h3>
            <pre className="wh-body">{pretty(log.requestBody)}</pre>
            <h3>Response body</h3>
            <pre className="wh-body">{pretty(log.responseBody) || '(empty)'}</pre>
          </>
        )}
        <Button
          style={{ marginTop: 12 }}
          loading={busy}
          onClick={() => {
            setBusy(true);
            void onResend().finally(() => setBusy(false));
          }}
        >
          Resend
        </Button>
      </div>
    </dialog>
  );
}

function LogsScreen({ tenant, webhookId }: { tenant: Tenant; webhookId: string }) {
  usePageTitle(m.logsTitle);
  const alerts = useAlerts();
  // Seed 002 §5: paging starts again at page 1 for another webhook (WebhookLogs keys this screen by it).
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<WebhookLog | null>(null);
  const closeDrawer = useCallback(() => setOpen(null), []);
  const logs = useLoad((signal) => webhooksApi.logs(tenant, webhookId, page, LOG_PAGE_SIZE, signal), [tenant.id, webhookId, page]);
  const webhook = useLoad((signal) => webhooksApi.get(tenant, webhookId, signal), [tenant.id, webhookId]);
  // Seed 001 §2: the lists' footer, with 'page of pages' and 'from-to of total'.
  const shown = pageWindow(page - 1, LOG_PAGE_SIZE, logs.data?.data.length ?? 0, logs.data?.total ?? 0);
  const resend = async (log: WebhookLog) => {
    try {
      alerts.success((await webhooksApi.resend(tenant, webhookId, log.id)).message);
      setOpen(null);
      logs.reload();
    } catch (err) {
      // The drawer is a modal dialog above the page's alerts: close it so the message shows whole.
      setOpen(null);
      alerts.error(errorMessage(err));
    }
  };
  const title = webhook.data ? webhook.data.title.trim() || m.untitled : '';
  const testMode = useTestMode((s) => s.testMode);
  // Seed 001 §4: the logs of a webhook of the other mode ask to switch (or go back to the list) first, as its page does.
  if (webhook.data && webhook.data.testMode !== testMode) return <ModeMismatch entity="Webhook" listPath={settingsPath(tenant, 'webhooks')} />;
  return (
    <section aria-labelledby="webhook-logs-title" aria-busy={logs.loading}>
      <p style={{ margin: '0 0 8px' }}>
        <Link to={settingsPath(tenant, `webhooks/${encodeURIComponent(webhookId)}`)}>← {title || m.editTitle}</Link>
      </p>
      <div className="ts-head">
        <h1 id="webhook-logs-title">{m.logsTitle}</h1>
        <Button onClick={logs.reload}>Refresh</Button>
      </div>
      {logs.error !== undefined ? (
        <Alert type="error" showIcon title={errorMessage(logs.error)} />
      ) : logs.data === undefined ? (
        <p className="ts-empty">Loading…</p>
      ) : logs.data.data.length === 0 ? (
        <p className="ts-empty">{m.logsEmpty}</p>
      ) : (
        <table className="wh-table" aria-label="Webhook logs">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {logs.data.data.map((log) => (
              <tr key={log.id} data-testid="webhook-log" onClick={() => setOpen(log)}>
                <td>
                  <button type="button" className="ts-header-link" onClick={() => setOpen(log)} aria-label={`Details of ${log.event} at ${timeOf(log.createdAt)}`} style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', font: 'inherit' }}>
                    {log.event}
                  </button>
                </td>
                <td>
                  <StatusTag statusCode={log.statusCode} />
                </td>
                <td>{log.attempts}</td>
                <td>{timeOf(log.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PagerFooter {...shown} hasPrevious={page > 1} hasNext={page < shown.pages} onPrevious={() => setPage((p) => p - 1)} onNext={() => setPage((p) => p + 1)} />
      {open && <LogDrawer log={open} onClose={closeDrawer} onResend={() => resend(open)} />}
    </section>
  );
}

/** A webhook's delivery logs (seed 002 §2 `…/webhooks/{webhookId}/logs`), for the merchant's admins. Render inside a <UiProvider>. */
export function WebhookLogs({ webhookId, ...tenant }: Tenant & { webhookId: string }) {
  return (
    <RequireTenantRole collection={tenant.collection} id={tenant.id} role="admin">
      <LogsScreen key={webhookId} tenant={tenant} webhookId={webhookId} />
    </RequireTenantRole>
  );
}
