import { Link } from 'react-router';
import type { TenantCard } from '@seatside/ui/src/auth';
import type { TenantKind } from './messages';

function Card({ kind, tenant }: { kind: TenantKind; tenant: TenantCard }) {
  const banner = tenant.branding?.banner;
  const icon = tenant.branding?.icon;
  return (
    <li>
      <Link className="acc-card" to={`${kind.dashboard}/${encodeURIComponent(tenant.id)}`} data-testid="tenant-card">
        <div className="acc-banner" style={banner ? { backgroundImage: `url(${JSON.stringify(banner)})` } : undefined} aria-hidden />
        <div className="acc-card-body">
          {icon ? (
            <img className="acc-icon" src={icon} alt="" />
          ) : (
            <span className="acc-icon" aria-hidden>
              {tenant.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <h3>{tenant.name}</h3>
          {tenant.description && <p>{tenant.description}</p>}
        </div>
      </Link>
    </li>
  );
}

/** One of the account page's lists (seed 000 §2): cards, or the empty state with a prompt to create one. */
export function TenantList({ kind, tenants }: { kind: TenantKind; tenants: TenantCard[] }) {
  const headingId = `acc-${kind.key}`;
  return (
    <section className="acc-section" aria-labelledby={headingId} data-testid={`account-${kind.key}`}>
      <div className="acc-section-head">
        <h2 id={headingId}>{kind.title}</h2>
        <Link className="acc-button" to={kind.register}>
          Create {kind.singular}
        </Link>
      </div>
      {tenants.length === 0 ? (
        <div className="acc-empty">
          <p className="acc-empty-title">{kind.empty}</p>
          <p>Create your first {kind.singular.toLowerCase()} to get started.</p>
          <Link className="acc-link" to={kind.register}>
            {/^[aeiou]/i.test(kind.singular) ? 'Create an' : 'Create a'} {kind.singular.toLowerCase()}
          </Link>
        </div>
      ) : (
        <ul className="acc-cards">
          {tenants.map((tenant) => (
            <Card key={tenant.id} kind={kind} tenant={tenant} />
          ))}
        </ul>
      )}
    </section>
  );
}
