import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { errorMessage } from './shared';
import { useAlerts } from '../alerts-antd';
import { RequireTenantRole } from '../auth';
import { usePageTitle } from '../title';
import { tenantSettingsApi, type TeamUser, type Tenant } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { useCurrentUid, useIsTenantAdmin } from './current-user';
import { roleLabels, teamUserMessages as m } from './messages';
import { EditUserDialog, NewUserDialog } from './TeamUserDialogs';
import { useLoad } from './useLoad';
import './styles';

function UserRow({ user, isYou, canChange, onEdit, onDelete }: { user: TeamUser; isYou: boolean; canChange: boolean; onEdit(): void; onDelete(): void }) {
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <li className="ts-row" data-testid="team-user">
      <div className="ts-row-main">
        <span className="ts-row-title">{name}</span>
        <span className="ts-row-sub">
          {user.email} · {roleLabels[user.role] ?? user.role}
        </span>
      </div>
      {isYou ? (
        <span className="ts-row-sub">{m.you}</span>
      ) : !canChange ? null : (
        <div className="ts-row-actions">
          <Button onClick={onEdit} aria-label={`Edit role of ${name}`}>
            Edit role
          </Button>
          <Button danger onClick={onDelete} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

const TITLE = 'Users';

function TeamUsersScreen({ tenant }: { tenant: Tenant }) {
  usePageTitle(TITLE);
  const alerts = useAlerts();
  const uid = useCurrentUid();
  // Team members see the team; only its admins change it (the identity service refuses the rest).
  const isAdmin = useIsTenantAdmin(tenant) === true;
  const users = useLoad((signal) => tenantSettingsApi.listUsers(tenant, signal), [tenant.collection, tenant.id]);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TeamUser | null>(null);
  const [deleting, setDeleting] = useState<TeamUser | null>(null);

  const remove = async (user: TeamUser) => {
    try {
      const answer = await tenantSettingsApi.removeUser(tenant, user.uid);
      alerts.success(answer.message);
      setDeleting(null);
      users.reload();
    } catch (err) {
      alerts.error(errorMessage(err));
    }
  };

  return (
    <section aria-labelledby="team-users-title" aria-busy={users.loading}>
      <div className="ts-head">
        <h1 id="team-users-title">{TITLE}</h1>
        {isAdmin ? (
          <Button type="primary" onClick={() => setAdding(true)}>
            Add User
          </Button>
        ) : null}
      </div>
      {users.error !== undefined ? (
        <Alert type="error" showIcon title={errorMessage(users.error)} />
      ) : users.data === undefined ? (
        <p className="ts-empty">Loading…</p>
      ) : users.data.length === 0 ? (
        <p className="ts-empty">No results found</p>
      ) : (
        <ul className="ts-list" aria-label="Team users">
          {users.data.map((user) => (
            <UserRow key={user.uid} user={user} isYou={user.uid === uid} canChange={isAdmin} onEdit={() => setEditing(user)} onDelete={() => setDeleting(user)} />
          ))}
        </ul>
      )}
      <NewUserDialog
        tenant={tenant}
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          users.reload();
        }}
      />
      <EditUserDialog
        tenant={tenant}
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          users.reload();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={m.deleteUserTitle}
        text={m.deleteUserConfirm}
        onCancel={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </section>
  );
}

/** Team users of a tenant (seed 002 §2 "Users screen"): its members see it, its admins change it. Render inside a <UiProvider>. */
export function TeamUsers(tenant: Tenant) {
  return (
    <RequireTenantRole collection={tenant.collection} id={tenant.id}>
      <TeamUsersScreen tenant={tenant} />
    </RequireTenantRole>
  );
}
