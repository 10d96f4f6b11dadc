// Stripe.js, loaded only when a diner pays by card (never on the menu: the first visit stays small),
// from Stripe's own origin as Stripe requires, and the card payments a diner has yet to confirm.

/** The part of Stripe.js the card step uses (https://docs.stripe.com/js). */
export interface StripeJs {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<{ error?: { message?: string }; paymentIntent?: { id: string; status: string } }>;
}
export interface StripeElements {
  create(type: 'payment'): { mount(element: HTMLElement): void; destroy(): void };
}
type StripeFactory = (publishableKey: string, options: { stripeAccount: string }) => StripeJs;

export const STRIPE_JS = 'https://js.stripe.com/v3/';

let loading: Promise<StripeFactory> | undefined;

/** Stripe.js for the merchant's connected account (direct charges); a failed load may be tried again. */
export function loadStripe(publishableKey: string, accountId: string): Promise<StripeJs> {
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const loaded = () => (window as unknown as { Stripe?: StripeFactory }).Stripe;
    const ready = loaded();
    if (ready) return resolve(ready);
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => {
      const factory = loaded();
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js loaded without Stripe'));
    };
    script.onerror = () => reject(new Error('Stripe.js could not be loaded'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading.then((Stripe) => Stripe(publishableKey, { stripeAccount: accountId }));
}

/** What the order page needs to take the card of an order placed with STRIPE. */
export interface PendingCardPayment {
  clientSecret: string;
  publishableKey: string;
  accountId: string;
}

const storageKey = (orderId: string) => `seatside.card-payment.${orderId}`;

/** Kept for this tab, so a reload of the order page can still take the card. */
export function rememberCardPayment(orderId: string, payment: PendingCardPayment): void {
  try {
    sessionStorage.setItem(storageKey(orderId), JSON.stringify(payment));
  } catch {
    // Storage refused (private mode, full): the page just navigated to has it in memory.
  }
}

export function pendingCardPayment(orderId: string): PendingCardPayment | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(orderId)) ?? 'null') as Partial<PendingCardPayment> | null;
    return saved?.clientSecret && saved.publishableKey && saved.accountId ? (saved as PendingCardPayment) : undefined;
  } catch {
    return undefined;
  }
}

export function forgetCardPayment(orderId: string): void {
  try {
    sessionStorage.removeItem(storageKey(orderId));
  } catch {
    // Nothing kept.
  }
}
