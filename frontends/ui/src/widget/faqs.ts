import { useEffect, useState } from 'react';
import { errorMessage, fetchFaqs, type Faq } from './api';

export type FaqState = { status: 'loading' } | { status: 'ready'; faqs: Faq[] } | { status: 'error'; message: string };

// One request per page view: the home and help screens share it.
let cached: Promise<Faq[]> | undefined;

export function loadFaqs(): Promise<Faq[]> {
  cached ??= fetchFaqs().then((page) => page.data).catch((err: unknown) => {
    cached = undefined; // let the next screen retry
    throw err;
  });
  return cached;
}

export function useFaqs(): FaqState {
  const [state, setState] = useState<FaqState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadFaqs().then(
      (faqs) => live && setState({ status: 'ready', faqs }),
      (err: unknown) => live && setState({ status: 'error', message: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
