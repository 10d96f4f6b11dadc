import { toBasisPoints } from '../pricing/money';
import type { FeeSettings } from '../pricing/pricing';
import { defaultCheckoutOptions, type CheckoutOptions } from '@seatside/rules';

/**
 * A merchant's checkoutOptions (seed 001 §3, seed 002 §3) as the catalog's CheckoutOptionsChanged
 * carries them: complete after every change, money in integer minor units (`…Minor`), taxRate a
 * percent. Their shape and the defaults a merchant has until the first such event are the one rule
 * in `@seatside/rules` (proto/rules/src/checkout-options.ts), shared with the catalog.
 */
export { defaultCheckoutOptions, type CheckoutOptions };

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keeps each default unless the sent value has the same kind (a flag, or a finite amount ≥ 0). */
function mergeKnown<T extends object>(defaults: T, sent: unknown): T {
  if (!isRecord(sent)) return defaults;
  const merged: Raw = { ...(defaults as Raw) };
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = sent[key];
    if (typeof fallback === 'boolean' && typeof value === 'boolean') merged[key] = value;
    else if (typeof fallback === 'number' && typeof value === 'number' && Number.isFinite(value) && value >= 0) merged[key] = value;
    else if (isRecord(fallback)) merged[key] = mergeKnown(fallback, value);
  }
  return merged as T;
}

/**
 * The options of a CheckoutOptionsChanged event: a complete snapshot, laid over the defaults
 * anyway (a missing or malformed field keeps its default, so a bad event cannot stop checkout).
 */
export function checkoutOptionsOf(sent: unknown): CheckoutOptions {
  const defaults = defaultCheckoutOptions();
  const raw = isRecord(sent) ? sent : {};
  const options = mergeKnown(defaults, raw);
  return {
    ...options,
    currency: raw.currency === 'EUR' || raw.currency === 'USD' ? raw.currency : defaults.currency,
    paymentProcessor: raw.paymentProcessor === 'SQUARE' || raw.paymentProcessor === 'STRIPE' ? raw.paymentProcessor : defaults.paymentProcessor,
  };
}

/** The fee and tax part of the options (minor units, basis points), for priceOrder. */
export const feeSettingsOf = (options: CheckoutOptions): FeeSettings => ({
  taxBasisPoints: toBasisPoints(options.taxRate),
  chargePlatformFeeToCustomer: options.chargePlatformFeeToCustomer,
  chargeCustomerProcessingFee: options.chargeCustomerProcessingFee,
  chargeConvenienceFeeForCashTransactions: options.chargeConvenienceFeeForCashTransactions,
  convenienceFeeMinor: options.convenienceFeeMinor,
  deliveryFeeMinor: options.deliveryFeeMinor,
  tagDeliveryFeeMinor: options.tagDeliveryFeeMinor,
});
