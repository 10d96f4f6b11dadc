import { useEffect, useState } from 'react';
import { Markdown, markdownText } from '../../markdown';
import { fetchArticle } from '../../api/support';
import { errorMessage, fetchFaq, type Faq } from '../api';
import { articlesOrShipped, HELP_SEARCH_MIN, matches, shippedArticles, useArticles } from '../articles';
import { texts } from '../content';
import { loadFaqs, useFaqs } from '../faqs';
import { helpItemPath, useWidgetRouter } from '../router';
import { FaqItem, FaqsPending } from './FaqParts';

/** /help: a search (3+ characters) over FAQs and articles, every FAQ (answers truncated, spec §9) and the articles. */
export function HelpScreen() {
  const { push } = useWidgetRouter();
  const faqs = useFaqs();
  const published = useArticles();
  const [query, setQuery] = useState('');
  const searching = query.trim().length >= HELP_SEARCH_MIN;
  const shownFaqs = faqs.status === 'ready' ? faqs.faqs.filter((faq) => !searching || matches(query, faq.question, faq.answer)) : [];
  const allArticles = published.status === 'ready' ? articlesOrShipped(published.articles) : [];
  const shownArticles = allArticles.filter((a) => !searching || matches(query, a.title, a.description, markdownText(a.markdown)));
  const nothingFound = searching && shownFaqs.length === 0 && shownArticles.length === 0 && faqs.status === 'ready' && published.status !== 'loading';
  return (
    <>
      <label className="ssw-sr" htmlFor="ssw-help-search">
        Search for help
      </label>
      <input
        id="ssw-help-search"
        className="ssw-input"
        type="search"
        placeholder="Search for help"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        style={{ width: '100%', marginBottom: 12 }}
      />
      {nothingFound && (
        <p className="ssw-empty" role="status">
          All caught up! No results found!
        </p>
      )}
      {/* A search that found nothing says so, without the two empty sections under it. */}
      {!nothingFound && (
        <>
          <h3 className="ssw-section-title" style={{ marginTop: 0 }}>
            {texts.faqsTitle}
          </h3>
          <FaqsPending faqs={faqs} />
          {faqs.status === 'ready' &&
            (faqs.faqs.length === 0 ? (
              <p className="ssw-empty">{texts.noFaqs}</p>
            ) : (
              <ul className="ssw-list" aria-label="FAQs">
                {shownFaqs.map((faq) => (
                  <FaqItem key={faq.id} faq={faq} />
                ))}
              </ul>
            ))}
          <h3 className="ssw-section-title">Articles</h3>
          {published.status === 'error' && (
            <p className="ssw-alert ssw-alert-error" role="alert">
              {published.message}
            </p>
          )}
          <ul className="ssw-list" aria-label="Articles">
            {shownArticles.map((article) => (
              <li key={article.id}>
                <button type="button" className="ssw-link" onClick={() => push(helpItemPath('article', article.id))}>
                  <strong>{article.title}</strong>
                  <span className="ssw-muted">{article.description}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

type ItemState = { status: 'loading' } | { status: 'ready'; title: string; body: string; markdown: boolean; image?: string } | { status: 'error'; message: string };

/** /help/{type}/{id}: one FAQ or article (an article's markdown rendered without raw HTML). */
export function HelpItemScreen({ type, id }: { type: 'faq' | 'article'; id: string }) {
  const [state, setState] = useState<ItemState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    if (type === 'article') {
      const shipped = shippedArticles.find((a) => a.id === id);
      const loading = shipped ? Promise.resolve(shipped) : fetchArticle(id);
      loading.then(
        (article) => live && setState({ status: 'ready', title: article.title, body: article.markdown, markdown: true, image: article.image || undefined }),
        (err: unknown) => live && setState({ status: 'error', message: errorMessage(err) }),
      );
      return () => {
        live = false;
      };
    }
    const fromList = (faqs: Faq[]) => faqs.find((f) => f.id === id) ?? fetchFaq(id);
    loadFaqs()
      .then(fromList, () => fetchFaq(id))
      .then(
        (faq) => live && setState({ status: 'ready', title: faq.question, body: faq.answer, markdown: false }),
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
      {state.image && <img src={state.image} alt="" style={{ maxWidth: '100%', borderRadius: 8 }} />}
      {state.markdown ? <Markdown source={state.body} className="ssw-markdown" /> : <p>{state.body}</p>}
    </article>
  );
}

/** /news: the published articles flagged for News, or 'No news found! Check back later for more.' */
export function NewsScreen() {
  const { push } = useWidgetRouter();
  const news = useArticles(true);
  if (news.status === 'loading') return <p className="ssw-muted">{texts.loading}</p>;
  if (news.status === 'error')
    return (
      <p className="ssw-alert ssw-alert-error" role="alert">
        {news.message}
      </p>
    );
  if (news.articles.length === 0) return <p className="ssw-empty">{texts.noNews}</p>;
  return (
    <ul className="ssw-list" aria-label="News">
      {news.articles.map((article) => (
        <li key={article.id}>
          <button type="button" className="ssw-link" onClick={() => push(helpItemPath('article', article.id))}>
            <strong>{article.title}</strong>
            <span className="ssw-muted">{article.description}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
