import { useEffect, useRef, useState } from 'react';
import { orderMessages as m } from '../checkout/messages';
import { forgetCardPayment, loadStripe, type PendingCardPayment, type StripeElements, type StripeJs } from '../payment/stripe';

/**
 * The card step of an order placed with STRIPE: Stripe's Payment Element, on the merchant's
 * connected account, for the order's PaymentIntent; Pay confirms it in the browser (a card that asks
 * for more, such as 3-D Secure, goes through Stripe and back to `returnUrl`). The order becomes PAID
 * when Stripe's webhook reaches the orders service; the page shows that live.
 */
export default function CardPayment({ orderId, payment, amount, returnUrl, onSubmitted }: {
  orderId: string;
  payment: PendingCardPayment;
  amount: string;
  returnUrl: string;
  onSubmitted(): void;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: StripeJs; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let element: ReturnType<StripeElements['create']> | undefined;
    loadStripe(payment.publishableKey, payment.accountId).then(
      (stripe) => {
        if (cancelled || !mountRef.current) return;
        const elements = stripe.elements({ clientSecret: payment.clientSecret });
        element = elements.create('payment');
        element.mount(mountRef.current);
        setReady({ stripe, elements });
      },
      () => !cancelled && setError(m.cardFormUnavailable),
    );
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [payment]);

  async function pay() {
    if (!ready || paying) return;
    setPaying(true);
    setError(null);
    try {
      const result = await ready.stripe.confirmPayment({ elements: ready.elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
      // Stripe's own words for a declined or incomplete card.
      if (result.error) return setError(result.error.message ?? m.cardFormUnavailable);
      forgetCardPayment(orderId);
      onSubmitted();
    } catch {
      setError(m.cardFormUnavailable);
    } finally {
      setPaying(false);
    }
  }

  return (
    <section aria-labelledby="sf-card" className="sf-fieldset">
      <h2 id="sf-card">{m.payByCard}</h2>
      <div ref={mountRef} data-testid="card-element" />
      {error ? (
        <p className="sf-alert" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="sf-btn" disabled={!ready || paying} aria-busy={paying} onClick={() => void pay()}>
        {paying ? m.paying : m.pay(amount)}
      </button>
    </section>
  );
}
