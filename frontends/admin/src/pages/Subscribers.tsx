import { useState } from 'react';
import { api, errorMessage, toApiError, useSession } from '@seatside/ui';
import { CursorList, type Column } from './CursorList';

type SubscriberRow = { id: string; email: string; status: 'pending' | 'confirmed' | 'unsubscribed'; createdAt: string; confirmedAt: string | null };

const statusText = { pending: 'Awaiting confirmation', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' } as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '-');

const columns: Column<SubscriberRow>[] = [
  { key: 'email', title: 'Email', sortKey: 'emailLower', render: (s) => s.email },
  { key: 'status', title: 'Status', render: (s) => statusText[s.status] },
  { key: 'createdAt', title: 'Subscribed', sortKey: 'createdAt', render: (s) => when(s.createdAt) },
  { key: 'confirmedAt', title: 'Confirmed', render: (s) => when(s.confirmedAt) },
];

/** Downloads the CSV through the API client (the call needs the admin's token); a refusal is thrown, never saved as the file. */
async function exportCsv() {
  const res = await fetch('/v1/admin/subscribers/export.csv', { headers: { authorization: `Bearer ${(await tokenOf()) ?? ''}` } });
  if (!res.ok) throw await toApiError(res);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'subscribers.csv';
  link.click();
  URL.revokeObjectURL(url);
}

async function tokenOf(): Promise<string | null> {
  // A cheap authenticated call first refreshes an expired token in the shared client.
  await api.get('/admin/subscribers', { query: { limit: 1 } });
  return useSession.getState().token;
}

/** /admin/subscribers: the newsletter's subscribers, exportable as CSV. */
export default function Subscribers() {
  const [error, setError] = useState<string>();
  const onExport = () => {
    setError(undefined);
    exportCsv().catch((err: unknown) => setError(errorMessage(err)));
  };
  return (
    <>
      {error && (
        <p className="adm-status adm-status-error" role="alert">
          {error}
        </p>
      )}
      <CursorList<SubscriberRow>
        title="Subscribers"
        path="/admin/subscribers"
        columns={columns}
        defaultSort={{ sort: 'createdAt', order: 'desc' }}
        searchLabel="Search by email"
        actions={
          <button type="button" className="adm-btn" onClick={onExport}>
            Export CSV
          </button>
        }
      />
    </>
  );
}
