import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { RequestLog } from '@seatside/rules';
import { injectStyles } from '@seatside/ui';
import { formatDateTime, type ListColumn, ListScreen, QuickEditDrawer, useCollection } from '@seatside/ui/src/lists';
import { useTestMode } from '@seatside/ui/src/mode';
import { statusColour } from '@seatside/ui/src/tenant-settings/webhooks/messages';
import '@seatside/ui/src/tenant-settings/webhooks/styles';

export const requestLogMessages = {
  title: 'Logs',
  empty: 'All caught up! No logs found!',
  entityTitle: 'Log',
  back: 'Back',
} as const;

// Seed 001 §8: 100 per page, newest first.
const PAGE_SIZE = 100;

injectStyles(
  'seatside-request-logs',
  `
.rl-method { display: inline-block; min-width: 64px; text-align: center; padding: 1px 8px; border: 2px solid #8c8c8c; border-radius: 4px; font-weight: 600; font-size: 12px; }
.rl-method[data-method="GET"] { border-color: #1a4fa0; color: #1a4fa0; }
.rl-method[data-method="POST"] { border-color: #1d6b1a; color: #1d6b1a; }
.rl-method[data-method="DELETE"] { border-color: #a3231a; color: #a3231a; }
.rl-url { word-break: break-all; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
@media (max-width: 599.98px) { .rl-method { min-width: 0; padding: 1px 4px; } }
.rl-code { white-space: pre-wrap; word-break: break-all; background: #f6f6f6; padding: 12px; border-radius: 4px; max-height: 40vh; overflow: auto; font-size: 12px; margin: 0; }
`,
);

const pretty = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

export function MethodTag({ method }: { method: string }) {
  return (
    <span className="rl-method" data-method={method} data-testid="log-method">
      {method}
    </span>
  );
}

export function StatusTag({ statusCode }: { statusCode: number }) {
  const colour = statusColour(statusCode);
  return (
    <span className={`wh-status wh-status-${colour}`} data-colour={colour} data-testid="log-status">
      {statusCode}
    </span>
  );
}

const columns: ListColumn<RequestLog>[] = [
  { key: 'requestMethod', title: 'Method', render: (l) => <MethodTag method={l.requestMethod} /> },
  { key: 'statusCode', title: 'Status', render: (l) => <StatusTag statusCode={l.statusCode} /> },
  { key: 'requestURL', title: 'URL', render: (l) => <span className="rl-url">{l.requestURL}</span> },
  // On a phone the URL needs the width (and the row its Details button): the time is in the drawer.
  { key: 'createdAt', title: 'Created At', sortKey: 'createdAt', wideOnly: true, render: (l) => formatDateTime(l.createdAt) },
];

const code = (text: string, testId: string) => (
  <pre className="rl-code" data-testid={testId}>
    <code>{pretty(text) || '(empty)'}</code>
  </pre>
);

/** The drawer (seed 001 §2): request and response bodies as code blocks, the request body for a POST only. */
function logSummary(log: RequestLog | null) {
  if (!log) return [];
  return [
    { label: 'Method', value: <MethodTag method={log.requestMethod} /> },
    { label: 'Status', value: <StatusTag statusCode={log.statusCode} /> },
    { label: 'URL', value: <span className="rl-url">{log.requestURL}</span> },
    { label: 'Created At', value: formatDateTime(log.createdAt) },
    { label: 'Cache Hit', value: log.cacheHit ? 'Yes' : 'No' },
    ...(log.requestMethod === 'POST' ? [{ label: 'Request Body', value: code(log.requestBody, 'log-request-body') }] : []),
    { label: 'Response Body', value: code(log.responseBody, 'log-response-body') },
  ];
}

/** /dashboard/merchants/{merchantId}/logs: the requests made with the merchant's API keys in the current mode, newest first. */
export default function RequestLogs() {
  const { merchantId = '' } = useParams();
  const testMode = useTestMode((s) => s.testMode);
  const collection = useCollection<RequestLog>({
    path: `/merchants/${encodeURIComponent(merchantId)}/logs`,
    defaultSort: { sort: 'createdAt', order: 'desc' },
    testMode,
    pageSize: PAGE_SIZE,
  });
  const [open, setOpen] = useState<RequestLog | null>(null);
  return (
    <>
      <ListScreen
        title={requestLogMessages.title}
        collection={collection}
        columns={columns}
        rowKey={(l) => l.id}
        empty={requestLogMessages.empty}
        // Seed 001 §2 "Logs": a table of requests with a back button (to the settings, whose menu leads here).
        tools={
          <Link className="ls-icon-button" to={`/dashboard/merchants/${encodeURIComponent(merchantId)}/settings`}>
            {requestLogMessages.back}
          </Link>
        }
        actions={(l) => (
          <button type="button" className="ls-icon-button" onClick={() => setOpen(l)}>
            Details<span className="ls-sr"> of {l.requestMethod} {l.requestURL}</span>
          </button>
        )}
      />
      <QuickEditDrawer open={open !== null} title={open ? `${open.requestMethod} ${open.statusCode}` : requestLogMessages.entityTitle} onClose={() => setOpen(null)} summary={logSummary(open)} />
    </>
  );
}
