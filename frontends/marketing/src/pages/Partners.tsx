import { useState } from 'react';
import { usePageTitle } from '@seatside/ui/src/title';
import { clampInput, EARNINGS_DEFAULTS, formatDollars, monthlyEarnings, type CalculatorInput } from '../domain/earnings';

const TITLE = 'Partner program';

/** The partner program page with its earnings calculator (seed 001 §1, §5, §9). */
export default function Partners() {
  usePageTitle(TITLE);
  const [merchants, setMerchants] = useState<CalculatorInput>(EARNINGS_DEFAULTS.merchants);
  const [dailyOrders, setDailyOrders] = useState<CalculatorInput>(EARNINGS_DEFAULTS.dailyOrders);
  const estimate = formatDollars(monthlyEarnings(merchants, dailyOrders));
  return (
    <>
      <div className="mk-container mk-page-head">
        <h1>{TITLE}</h1>
        <p className="mk-lead">Bring Seatside to the venues you work with and earn on every order they take.</p>
      </div>
      <section className="mk-section" style={{ paddingTop: 24 }} aria-labelledby="mk-earnings-title">
        <div className="mk-container" style={{ maxWidth: 640, margin: 0 }}>
          <h2 id="mk-earnings-title">Earnings calculator</h2>
          <form className="mk-calculator" onSubmit={(event) => event.preventDefault()}>
            <label>
              Merchants onboarded
              <input
                type="number"
                min={0}
                inputMode="decimal"
                name="merchants"
                value={merchants}
                onChange={(event) => setMerchants(clampInput(event.target.value))}
              />
            </label>
            <label>
              Daily orders per merchant
              <input
                type="number"
                min={0}
                inputMode="decimal"
                name="dailyOrders"
                value={dailyOrders}
                onChange={(event) => setDailyOrders(clampInput(event.target.value))}
              />
            </label>
          </form>
          <p className="mk-earnings" aria-live="polite">
            Estimated monthly earnings: <strong data-testid="earnings-estimate">{estimate}</strong>
          </p>
          <p className="mk-muted">Merchants onboarded × daily orders per merchant × $0.50 per order × 30 days.</p>
        </div>
      </section>
    </>
  );
}
