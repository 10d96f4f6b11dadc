import { useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '@seatside/ui';
import { CursorList, type Column } from './CursorList';

type TenantRow = { id: string; name: string; handle: string; owner: string; createdAt: string; plan: 'free' | 'pro'; publicUrl: string };

/** /admin/merchants and /admin/venues: search, owner, created time, handle, plan (settable) and the public page. */
export default function Tenants({ collection }: { collection: 'merchants' | 'venues' }) {
  const [reload, setReload] = useState(0);
  const [status, setStatus] = useState<{ ok: boolean; message: string }>();
  const setPlan = async (row: TenantRow, plan: 'free' | 'pro') => {
    try {
      const answer = await api.post<{ message: string }>(`/admin/${collection}/${encodeURIComponent(row.id)}/plan`, { plan });
      setStatus({ ok: true, message: `${row.name}: ${answer.message}` });
      setReload((n) => n + 1);
    } catch (err) {
      setStatus({ ok: false, message: errorMessage(err) });
    }
  };
  const columns: Column<TenantRow>[] = [
    { key: 'name', title: 'Name', sortKey: 'name', render: (t) => t.name },
    { key: 'handle', title: 'Handle', sortKey: 'handle', render: (t) => t.handle },
    { key: 'owner', title: 'Owner', render: (t) => (t.owner ? <Link to={`/admin/users/${encodeURIComponent(t.owner)}`}>{t.owner}</Link> : '-') },
    { key: 'createdAt', title: 'Created', sortKey: 'createdAt', render: (t) => new Date(t.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) },
    {
      key: 'plan',
      title: 'Plan',
      render: (t) => (
        <select aria-label={`Plan of ${t.name}`} value={t.plan} onChange={(event) => void setPlan(t, event.target.value as 'free' | 'pro')}>
          <option value="free">Free</option>
          <option value="pro">Pro</option>
        </select>
      ),
    },
    { key: 'public', title: 'Public page', render: (t) => <a href={t.publicUrl}>{t.publicUrl}</a> },
  ];
  const title = collection === 'merchants' ? 'Merchants' : 'Venues';
  return (
    <>
      {status && (
        <p className={`adm-status ${status.ok ? 'adm-status-ok' : 'adm-status-error'}`} role={status.ok ? 'status' : 'alert'}>
          {status.message}
        </p>
      )}
      <CursorList<TenantRow> key={collection} title={title} path={`/admin/${collection}`} columns={columns} defaultSort={{ sort: 'createdAt', order: 'desc' }} searchLabel="Search by name or handle" reloadKey={reload} />
    </>
  );
}
