import { Link } from 'react-router';
import { colors as c, injectStyles } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { FaqAccordion } from '../components/FaqAccordion';

injectStyles(
  'marketing-pricing',
  `
.mk-price{display:grid;gap:24px;grid-template-columns:minmax(0,1.2fr) minmax(0,1fr);align-items:stretch}
.mk-price-amount{font-size:56px;font-weight:800;line-height:1;margin:8px 0;color:${c.text}}
.mk-price-amount small{font-size:18px;font-weight:600;color:${c.muted}}
.mk-price ul{padding-left:20px;line-height:1.9;margin:16px 0 0}
@media (max-width:767.98px){.mk-price{grid-template-columns:1fr}}
`,
);

const TITLE = 'Pricing';

/** Seed 000 §1: 0.99 USD per order, no free trial, the platform itself free, flat and enterprise on request. */
export default function Pricing() {
  usePageTitle(TITLE);
  return (
    <>
      <div className="mk-container mk-page-head">
        <h1>{TITLE}</h1>
        <p className="mk-lead">Simple and transparent: the platform itself is free, you pay per order.</p>
      </div>
      <section className="mk-section" aria-label="Plans">
        <div className="mk-container mk-price">
          <div className="mk-card" data-testid="price-per-order">
            <h2 style={{ fontSize: 22, margin: 0 }}>Pay per order</h2>
            <p className="mk-price-amount">
              0.99 USD <small>per order</small>
            </p>
            <p className="mk-muted">A platform fee of 0.99 USD per order.</p>
            <ul>
              <li>The platform itself is free</li>
              <li>There is no free trial</li>
              <li>A digital menu is free</li>
            </ul>
            <p style={{ marginTop: 24 }}>
              <Link className="mk-btn" to="/auth/sign-up">
                Get Started
              </Link>
            </p>
          </div>
          <div className="mk-card">
            <h2 style={{ fontSize: 22, margin: 0 }}>Flat subscription and enterprise</h2>
            <p className="mk-muted">Flat subscription and enterprise pricing are available on request.</p>
            <p style={{ marginTop: 24 }}>
              <Link className="mk-btn mk-btn-ghost" to="/contact">
                Contact us
              </Link>
            </p>
          </div>
        </div>
      </section>
      <section className="mk-section" aria-labelledby="pricing-faq-title">
        <div className="mk-container">
          <h2 id="pricing-faq-title">Pricing questions</h2>
          <FaqAccordion scope="pricing" label="Pricing questions" />
        </div>
      </section>
    </>
  );
}
