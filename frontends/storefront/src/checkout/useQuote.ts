import { useEffect, useState } from 'react';
import { ApiError, quoteOrder, type Pacing, type QuoteBody } from '../api';
import type { BillingSummary } from '../domain/types';
import { placedErrors, type PlacedErrors } from './form';

/** How long the form stays still before its price is asked for (a diner typing a tip or a coupon asks once). */
export const QUOTE_DEBOUNCE_MS = 350;

export interface Quote {
  /** The last billing summary the server gave; undefined before the first, or after a refusal or failure. */
  summary?: BillingSummary;
  /** True while the cart or form has changed since `summary` was given (a new price is being asked for). */
  pending: boolean;
  /** What the server refused of the current cart and form's price (a coupon, a tip, a line), by field. */
  refusal?: PlacedErrors;
  /** Pacing: the window this order would be ready from, when the earliest is full. */
  pacing?: Pacing;
}

type Answer = { key: string; summary?: BillingSummary; refusal?: PlacedErrors; pacing?: Pacing };

/**
 * The checkout's price, from the server (`POST …/orders/quote`), for the body as it is now: asked
 * again when it changes (after a short pause; an answer for an older body is dropped). A cart the
 * server cannot price shows no summary, and its refusal by the fields; a failed call shows neither.
 */
export function useQuote(merchantId: string, body: QuoteBody | null): Quote {
  const key = body ? JSON.stringify(body) : '';
  const [answer, setAnswer] = useState<Answer>({ key: '' });
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      quoteOrder(merchantId, JSON.parse(key) as QuoteBody, controller.signal).then(
        ({ billingSummary, pacing }) => setAnswer({ key, summary: billingSummary, ...(pacing ? { pacing } : {}) }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
          setAnswer(refused ? { key, refusal: placedErrors(error.message, error.errors) } : { key });
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [merchantId, key]);
  const current = answer.key === key;
  return {
    ...(answer.summary ? { summary: answer.summary } : {}),
    ...(answer.pacing ? { pacing: answer.pacing } : {}),
    pending: !current,
    ...(current && answer.refusal ? { refusal: answer.refusal } : {}),
  };
}

/**
 * Pacing: when the quote offers a later window (the earliest is full), the order asks for it
 * (`accept`); an offer never moves it to an earlier one. Checkout, a group's checkout and a tab's
 * round all take the offer so.
 */
export function useOfferedWindow(quote: Quote, readyFrom: string, accept: (readyFrom: string) => void): void {
  const offered = quote.pacing?.readyFrom;
  useEffect(() => {
    if (offered && offered > readyFrom) accept(offered);
  }, [offered, readyFrom, accept]);
}

/** The window filled up while placing: the next one with room, from a new quote (undefined when none or unreadable). */
export const nextWindow = (merchantId: string, body: QuoteBody): Promise<string | undefined> =>
  quoteOrder(merchantId, body).then(
    (answer) => answer.pacing?.readyFrom,
    () => undefined,
  );
