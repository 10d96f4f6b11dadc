import { useEffect, useState } from 'react';
import { errorMessage, fetchFaq, type Faq } from '../api';
import { articles, FAQ_ANSWER_PREVIEW, texts, truncate } from '../content';
import { loadFaqs, useFaqs } from '../faqs';
import { helpItemPath, useWidgetRouter } from '../router';

/** /help: every FAQ (answers truncated in the list, spec §9) and the articles. */
export function HelpScreen() {
  const { push } = useWidgetRouter();
  const faqs = useFaqs();
  return (
    <>
      <h3 className="ssw-section-title" style={{ marginTop: 0 }}>
        {texts.faqsTitle}
      </h3>
      {faqs.status === 'loading' && <p className="ssw-muted">{texts.loading}</p>}
      {faqs.status === 'error' && (
        <p className="ssw-alert ssw-alert-error" role="alert">
          {faqs.message}
        </p>
      )}
      {faqs.status === 'ready' &&
        (faqs.faqs.length === 0 ? (
          <p className="ssw-empty">{texts.noFaqs}</p>
        ) : (
          <ul className="ssw-list">
            {faqs.faqs.map((faq) => (
              <li key={faq.id}>
                <button type="button" className="ssw-link" onClick={() => push(helpItemPath('faq', faq.id))}>
                  <strong>{faq.question}</strong>
                  <span className="ssw-muted">{truncate(faq.answer, FAQ_ANSWER_PREVIEW)}</span>
                </button>
              </li>
            ))}
          </ul>
        ))}
      <h3 className="ssw-section-title">Articles</h3>
      <ul className="ssw-list">
        {articles.map((article) => (
          <li key={article.id}>
            <button type="button" className="ssw-link" onClick={() => push(helpItemPath('article', article.id))}>
              <strong>{article.title}</strong>
              <span className="ssw-muted">{article.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

type ItemState = { status: 'loading' } | { status: 'ready'; title: string; body: string } | { status: 'error'; message: string };

/** /help/{type}/{id}: one FAQ or article. */
export function HelpItemScreen({ type, id }: { type: 'faq' | 'article'; id: string }) {
  const [state, setState] = useState<ItemState>({ status: 'loading' });

  useEffect(() => {
    if (type === 'article') {
      const article = articles.find((a) => a.id === id);
      setState(article ? { status: 'ready', title: article.title, body: article.content } : { status: 'error', message: 'Article not found' });
      return;
    }
    let live = true;
    const fromList = (faqs: Faq[]) => faqs.find((f) => f.id === id) ?? fetchFaq(id);
    loadFaqs()
      .then(fromList, () => fetchFaq(id))
      .then(
        (faq) => live && setState({ status: 'ready', title: faq.question, body: faq.answer }),
        (err: unknown) => live && setState({ status: 'error', message: errorMessage(err) }),
      );
    return () => {
      live = false;
    };
  }, [type, id]);

  if (state.status === 'loading') return <p className="ssw-muted">{texts.loading}</p>;
  if (state.status === 'error')
    return (
      <p className="ssw-alert ssw-alert-error" role="alert">
        {state.message}
      </p>
    );
  return (
    <article className="ssw-article">
      <h3>{state.title}</h3>
      <p>{state.body}</p>
    </article>
  );
}
