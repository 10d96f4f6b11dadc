// Square's Web Payments SDK, loaded only when the merchant takes cards through Square and the diner
// chooses Card (never on the menu), from the address the server gives for the mode (sandbox or
// production, or a fake in browser tests). The card is tokenized in the browser; the server charges
// the token (docs/orders-api.md, Square payments).

/** The part of the Web Payments SDK the checkout uses (https://developer.squareup.com/docs/web-payments/overview). */
export interface SquareCard {
  attach(target: string | HTMLElement): Promise<void>;
  tokenize(): Promise<{ status: string; token?: string; errors?: { message?: string }[] }>;
  destroy(): Promise<boolean | void>;
}
interface SquarePayments {
  card(): Promise<SquareCard>;
}
interface SquareGlobal {
  payments(applicationId: string, locationId: string): SquarePayments;
}

const loading = new Map<string, Promise<SquareGlobal>>();

/** The SDK of this address; a failed load may be tried again. */
function loadSdk(scriptUrl: string): Promise<SquareGlobal> {
  let pending = loading.get(scriptUrl);
  if (!pending) {
    pending = new Promise<SquareGlobal>((resolve, reject) => {
      const loaded = () => (window as unknown as { Square?: SquareGlobal }).Square;
      const ready = loaded();
      if (ready) return resolve(ready);
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.onload = () => {
        const square = loaded();
        if (square) resolve(square);
        else reject(new Error('Square.js loaded without Square'));
      };
      script.onerror = () => reject(new Error('Square.js could not be loaded'));
      document.head.appendChild(script);
    }).catch((error: unknown) => {
      loading.delete(scriptUrl);
      throw error;
    });
    loading.set(scriptUrl, pending);
  }
  return pending;
}

/** Square's card form for the merchant's application and location, attached to `target`. */
export async function attachSquareCard(scriptUrl: string, applicationId: string, locationId: string, target: HTMLElement): Promise<SquareCard> {
  const square = await loadSdk(scriptUrl);
  const card = await square.payments(applicationId, locationId).card();
  await card.attach(target);
  return card;
}

/** The card's token, or Square's own words when it could not make one (an incomplete card number). */
export async function squareToken(card: SquareCard, fallback: string): Promise<{ token: string } | { error: string }> {
  const result = await card.tokenize();
  if (result.status === 'OK' && result.token) return { token: result.token };
  return { error: result.errors?.map((e) => e.message).filter(Boolean).join(' ') || fallback };
}
