import { Link } from 'react-router';
import { SignOutButton, type Me } from '@seatside/ui/src/auth';
import { usePageTitle } from '@seatside/ui/src/title';
import { tenantKinds } from './messages';
import { TenantList } from './TenantList';

const TITLE = 'My Account';

/** /account (seed 000 §2 "Account area"): the user's apps, merchants and venues. */
export function AccountHome({ me }: { me: Me }) {
  usePageTitle(TITLE);
  const name = me.displayName || me.userDetails?.firstName || me.email;
  return (
    <div className="acc-page">
      <div className="acc-head">
        <div>
          <h1>{TITLE}</h1>
          <p style={{ margin: '4px 0 0' }}>Signed in as {name}</p>
        </div>
        <div className="acc-actions">
          <Link className="acc-link" to="/account/settings">
            Account settings
          </Link>
          <SignOutButton />
        </div>
      </div>
      {tenantKinds.map((kind) => (
        <TenantList key={kind.key} kind={kind} tenants={me[kind.key] ?? []} />
      ))}
    </div>
  );
}
