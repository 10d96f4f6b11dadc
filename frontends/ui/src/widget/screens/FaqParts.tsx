import { PREVIEW_LENGTH, preview } from '@seatside/rules';
import type { Faq } from '../api';
import { texts } from '../content';
import type { FaqState } from '../faqs';
import { helpItemPath, useWidgetRouter } from '../router';

/** The FAQs while they load, or why they could not be: what the home and help screens show before the list. */
export function FaqsPending({ faqs }: { faqs: FaqState }) {
  if (faqs.status === 'loading') return <p className="ssw-muted">{texts.loading}</p>;
  if (faqs.status === 'error')
    return (
      <p className="ssw-alert ssw-alert-error" role="alert">
        {faqs.message}
      </p>
    );
  return null;
}

/** One FAQ in a list: its question and its answer cut short (seed 000 §9), opening it at /help/faq/{id}. */
export function FaqItem({ faq }: { faq: Faq }) {
  const { push } = useWidgetRouter();
  return (
    <li>
      <button type="button" className="ssw-link" onClick={() => push(helpItemPath('faq', faq.id))}>
        <strong>{faq.question}</strong>
        <span className="ssw-muted">{preview(faq.answer, PREVIEW_LENGTH.faqAnswer)}</span>
      </button>
    </li>
  );
}
