import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, errorMessage } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { CursorList, type Column } from './CursorList';

export interface UserRow {
  id: string;
  uid: string;
  email: string;
  displayName: string;
  emailVerified: boolean;
  claims: { admin?: boolean };
  createdAt: string;
}

type TenantCard = { id: string; name: string; handle: string; role: string };
type UserDetail = UserRow & { merchants: TenantCard[]; venues: TenantCard[]; apps: TenantCard[]; userDetails: { firstName: string; lastName: string; phone: string } };

/** Seed 000 §9: the users table's columns, each sortable with a direction toggle. */
const columns: Column<UserRow>[] = [
  { key: 'uid', title: 'UID', sortKey: 'uid', render: (u) => <Link to={`/admin/users/${encodeURIComponent(u.uid)}`}>{u.uid}</Link> },
  { key: 'email', title: 'Email', sortKey: 'email', render: (u) => u.email },
  { key: 'displayName', title: 'Display Name', sortKey: 'displayName', render: (u) => u.displayName },
  { key: 'emailVerified', title: 'Email Verified', sortKey: 'emailVerified', render: (u) => (u.emailVerified ? 'Yes' : 'No') },
];

/** /admin/users: paged by the `pageToken` query parameter. */
export default function Users() {
  return <CursorList<UserRow> title="Users" path="/admin/users" columns={columns} defaultSort={{ sort: 'uid', order: 'asc' }} pageParam="pageToken" searchLabel="Search by email" />;
}

/** /admin/users/{uid}: the user, their tenants, and the admin claim (granted or revoked as `npm run admin` does). */
export function UserPage() {
  const { uid = '' } = useParams();
  const [user, setUser] = useState<UserDetail>();
  const [status, setStatus] = useState<{ ok: boolean; message: string }>();
  const heading = user?.email ?? 'User';
  usePageTitle(heading);
  const load = () =>
    api.get<UserDetail>(`/admin/users/${encodeURIComponent(uid)}`).then(setUser, (err: unknown) => setStatus({ ok: false, message: errorMessage(err) }));
  useEffect(() => {
    void load();
    // eslint-disable-next-line
  }, [uid]);
  const setAdmin = async (admin: boolean) => {
    try {
      const answer = await api.post<{ message: string }>(`/admin/users/${encodeURIComponent(uid)}/claims`, { admin });
      setStatus({ ok: true, message: answer.message });
      await load();
    } catch (err) {
      setStatus({ ok: false, message: errorMessage(err) });
    }
  };
  const tenants = (label: string, collection: 'merchants' | 'venues' | 'apps', list: TenantCard[]) => (
    <div>
      <h3 style={{ fontSize: 16 }}>{label}</h3>
      {list.length === 0 ? (
        <p className="adm-muted">None</p>
      ) : (
        <ul>
          {list.map((t) => (
            <li key={t.id}>
              {collection === 'apps' ? t.name : <Link to={`/admin/${collection}?q=${encodeURIComponent(t.handle)}`}>{t.name}</Link>} <span className="adm-muted">/{t.handle} · {t.role}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <>
      <p>
        <Link to="/admin/users">← Users</Link>
      </p>
      <h1>{heading}</h1>
      {status && (
        <p className={`adm-status ${status.ok ? 'adm-status-ok' : 'adm-status-error'}`} role={status.ok ? 'status' : 'alert'}>
          {status.message}
        </p>
      )}
      {user && (
        <>
          <section className="adm-card">
            <dl style={{ display: 'grid', gridTemplateColumns: '160px 1fr', gap: '8px 16px', margin: 0 }}>
              <dt>UID</dt>
              <dd style={{ margin: 0 }}>{user.uid}</dd>
              <dt>Display Name</dt>
              <dd style={{ margin: 0 }}>{user.displayName || '-'}</dd>
              <dt>Name</dt>
              <dd style={{ margin: 0 }}>{`${user.userDetails.firstName} ${user.userDetails.lastName}`.trim() || '-'}</dd>
              <dt>Email Verified</dt>
              <dd style={{ margin: 0 }}>{user.emailVerified ? 'Yes' : 'No'}</dd>
              <dt>Created</dt>
              <dd style={{ margin: 0 }}>{new Date(user.createdAt).toLocaleString('en-US')}</dd>
              <dt>Admin</dt>
              <dd style={{ margin: 0 }} data-testid="admin-claim">
                {user.claims.admin ? 'Yes' : 'No'}
              </dd>
            </dl>
            <p style={{ marginTop: 16 }}>
              {user.claims.admin ? (
                <button type="button" className="adm-btn" onClick={() => void setAdmin(false)}>
                  Revoke admin
                </button>
              ) : (
                <button type="button" className="adm-btn adm-btn-primary" onClick={() => void setAdmin(true)}>
                  Grant admin
                </button>
              )}
            </p>
          </section>
          <section className="adm-card" aria-label="Tenants">
            <h2 style={{ fontSize: 20, marginTop: 0 }}>Tenants</h2>
            {tenants('Merchants', 'merchants', user.merchants)}
            {tenants('Venues', 'venues', user.venues)}
            {tenants('Apps', 'apps', user.apps)}
          </section>
        </>
      )}
    </>
  );
}
