import { Link } from 'react-router';
import { useMerchantCard } from './MerchantLayout';
import { merchantPath, merchantSections } from './sections';

/** The merchant's home: who it is, and a way into each section. */
export function MerchantHome({ merchantId }: { merchantId: string }) {
  const merchant = useMerchantCard(merchantId);
  return (
    <section className="mer-home" aria-labelledby="merchant-home-title">
      <h2 id="merchant-home-title">{merchant?.name ?? 'Merchant'}</h2>
      {merchant?.handle && <p className="mer-muted">Public page: {`${location.host}/${merchant.handle}`}</p>}
      <ul>
        {merchantSections
          .filter((section) => section.path !== '')
          .map((section) => (
            <li key={section.path}>
              <Link to={merchantPath(merchantId, section.path)}>
                {section.icon}
                {section.label}
              </Link>
            </li>
          ))}
      </ul>
    </section>
  );
}

/** A section whose screens are not built: it says so plainly. */
export function SectionPlaceholder({ label }: { label: string }) {
  return (
    <section aria-labelledby="merchant-section-title">
      <h2 id="merchant-section-title">{label}</h2>
      <p className="mer-muted">{label} is not available yet.</p>
    </section>
  );
}
