import { Link } from 'react-router';
import type { Me } from '@seatside/ui/src/auth';
import { usePageTitle } from '@seatside/ui/src/title';
import { DisplayNameForm } from './DisplayNameForm';
import { EmailForm } from './EmailForm';
import { PasswordForm } from './PasswordForm';
import { PhotoForm } from './PhotoForm';
import { ProfileForm } from './ProfileForm';

const TITLE = 'Account settings';

/** /account/settings (seed 000 §2): profile, display name, email, password and photo, prefilled from /v1/auth/me. */
export function AccountSettings({ me, refresh }: { me: Me; refresh(): unknown }) {
  usePageTitle(TITLE);
  const details = me.userDetails ?? { firstName: '', lastName: '', phone: '' };
  return (
    <div className="acc-settings">
      <p style={{ margin: '0 0 8px' }}>
        <Link className="acc-link" to="/account">
          ← Back to Account
        </Link>
      </p>
      <h1>{TITLE}</h1>
      <p style={{ margin: 0 }}>{me.email}</p>
      <PhotoForm photoURL={me.photoURL} name={me.displayName || details.firstName || me.email} onSaved={refresh} />
      <ProfileForm initial={{ firstName: details.firstName ?? '', lastName: details.lastName ?? '', phone: details.phone ?? '' }} onSaved={refresh} />
      <DisplayNameForm initial={me.displayName ?? ''} onSaved={refresh} />
      <EmailForm initial={me.email} hasPassword={me.hasPassword} onSaved={refresh} />
      <PasswordForm hasPassword={me.hasPassword} onSaved={refresh} />
    </div>
  );
}
