import { useState } from 'react';
import { Link } from 'react-router';

export const PROMO_DISMISSED_KEY = 'seatside.promoBanner.dismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(PROMO_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The promo banner: the earnings calculator (/partners) and Apply Now (/contact); dismissing it is remembered in localStorage. */
export function PromoBanner() {
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(PROMO_DISMISSED_KEY, '1');
    } catch {
      // Storage unavailable (private mode): dismiss for this visit only.
    }
    setDismissed(true);
  };
  return (
    <aside className="mk-promo" aria-label="Promotion" data-testid="promo-banner">
      <div className="mk-promo-inner">
        <p>Partner program: bring Seatside to the venues you work with and earn on every order.</p>
        <Link to="/partners">Estimate your earnings</Link>
        <Link to="/contact">Apply Now</Link>
        <button type="button" aria-label="Dismiss promotion" onClick={dismiss}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </aside>
  );
}
