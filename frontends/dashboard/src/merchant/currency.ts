import { useEffect, useState } from 'react';
import { api } from '@seatside/ui';

/** The merchant record's currency (checkoutOptions.currency), read when a screen opens (the Ordering section may have just changed it). */
const currencyOf = (merchantId: string): Promise<string> =>
  api
    .get<{ checkoutOptions?: { currency?: string } }>(`/merchants/${encodeURIComponent(merchantId)}`)
    .then((merchant) => merchant.checkoutOptions?.currency || 'USD')
    .catch(() => 'USD');

/**
 * The merchant's currency (seed 002 §9: USD $ or EUR €), for money the dashboard shows outside an
 * order (an order shows its own `billingSummary.currency`). Undefined while it is read.
 */
export function useMerchantCurrency(merchantId: string): string | undefined {
  const [currency, setCurrency] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    void currencyOf(merchantId).then((c) => live && setCurrency(c));
    return () => {
      live = false;
    };
  }, [merchantId]);
  return currency;
}
