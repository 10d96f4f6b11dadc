import { useEffect, useId, useState } from 'react';
import { errorMessage } from '@seatside/ui';
import { fetchFaqs, type Faq } from '../api';

type Load = { state: 'loading' } | { state: 'ready'; faqs: Faq[] } | { state: 'failed'; message: string };

/**
 * FAQs from the API as an accordion: only one answer is expanded at a time.
 * `scope="pricing"` shows the pricing FAQs.
 */
export function FaqAccordion({ scope, label }: { scope?: string; label: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();

  useEffect(() => {
    const controller = new AbortController();
    fetchFaqs(scope, controller.signal).then(
      (page) => setLoad({ state: 'ready', faqs: page.data }),
      (err: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', message: errorMessage(err) });
      },
    );
    return () => controller.abort();
  }, [scope]);

  if (load.state === 'loading') return <p className="mk-muted" aria-busy="true">Loading...</p>;
  if (load.state === 'failed') return <p role="alert">{load.message}</p>;
  if (load.faqs.length === 0) return <p className="mk-muted">No FAQs found.</p>;

  return (
    <div className="mk-faq" data-testid={scope ? `faq-${scope}` : 'faq'} aria-label={label} role="group">
      {load.faqs.map((faq) => {
        const open = openId === faq.id;
        const buttonId = `${baseId}-q-${faq.id}`;
        const panelId = `${baseId}-a-${faq.id}`;
        return (
          <div className="mk-faq-item" key={faq.id} data-testid="faq-item">
            <h3>
              <button
                id={buttonId}
                type="button"
                className="mk-faq-q"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : faq.id)}
              >
                {faq.question}
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open}>
              <p className="mk-faq-a">{faq.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
