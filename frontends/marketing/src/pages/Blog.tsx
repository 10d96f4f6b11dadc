import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { colors as c, errorMessage, fetchArticle, fetchArticles, injectStyles, type Article } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { Markdown } from '@seatside/ui/src/markdown';
import { findPost, posts } from '../blog/posts';

/** Seed 001 §1: the article layout's call to action. */
export const blogCallToAction = 'Get started with the product: create your merchant and start selling';

injectStyles(
  'marketing-blog',
  `
.mk-posts{display:grid;gap:20px;grid-template-columns:repeat(auto-fit,minmax(280px,1fr))}
.mk-post-card h2{font-size:21px;margin:8px 0}
.mk-post-card a{color:${c.text};text-decoration:none}
.mk-post-card a:hover{color:${c.brand};text-decoration:underline}
.mk-article{max-width:760px;margin:0 auto;padding:56px 20px 0}
.mk-article h1{font-size:clamp(30px,4.5vw,44px);line-height:1.15;margin:8px 0 24px}
.mk-article p{font-size:18px;line-height:1.7}
.mk-cta{margin-top:40px;padding:28px;border-radius:16px;background:${c.brandDark};color:#fff}
.mk-cta p{margin:0 0 16px;font-size:20px;font-weight:600}
.mk-cta a{background:#fff;color:${c.brandDark}}
.mk-cta a:hover{background:#e5e7eb;color:${c.brandDark}}
.mk-article-body{font-size:18px;line-height:1.7}
.mk-article-body img,.mk-article-image{max-width:100%;border-radius:12px}
.mk-article-body pre{background:#f3f4f6;padding:12px;border-radius:8px;overflow:auto}
.mk-post-card img{width:100%;aspect-ratio:16/9;object-fit:cover;border-radius:10px}
`,
);

const formatDate = (iso: string) => new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

type Card = { to: string; title: string; date: string; excerpt: string; image?: string };

/** The published articles (written in the admin area), newest first, then the posts shipped with the site. */
function useCards(): { cards: Card[]; error?: string } {
  const shipped: Card[] = posts.map((post) => ({ to: `/blog/${post.slug}`, title: post.title, date: post.date, excerpt: post.excerpt }));
  const [state, setState] = useState<{ cards: Card[]; error?: string }>({ cards: shipped });
  useEffect(() => {
    let live = true;
    fetchArticles().then(
      (page) =>
        live &&
        setState({
          cards: [
            ...page.data.map((a) => ({ to: `/blog/${encodeURIComponent(a.id)}`, title: a.title, date: a.publishedAt ?? a.createdAt, excerpt: a.description, image: a.image || undefined })),
            ...shipped,
          ],
        }),
      (err: unknown) => live && setState({ cards: shipped, error: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

const TITLE = 'Blog';
const NOT_FOUND_TITLE = 'Article not found';

export function BlogList() {
  usePageTitle(TITLE);
  const { cards } = useCards();
  return (
    <>
      <div className="mk-container mk-page-head">
        <h1>{TITLE}</h1>
        <p className="mk-lead">News, guides and ideas for ordering at restaurants, venues, retail, theaters and stadiums.</p>
      </div>
      <div className="mk-section">
        <ul className="mk-container mk-posts" style={{ listStyle: 'none' }}>
          {cards.map((card) => (
            <li key={card.to} className="mk-card mk-post-card">
              {card.image && <img src={card.image} alt="" loading="lazy" />}
              <time className="mk-muted" dateTime={card.date}>
                {formatDate(card.date)}
              </time>
              <h2>
                <Link to={card.to}>{card.title}</Link>
              </h2>
              <p className="mk-muted">{card.excerpt}</p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/** Seed 001 §1: the article layout, with the call to action. */
function ArticleLayout({ title, date, image, children }: { title: string; date: string; image?: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <article className="mk-article">
      <Link to="/blog">← Blog</Link>
      <h1>{title}</h1>
      {date && (
        <time className="mk-muted" dateTime={date}>
          {formatDate(date)}
        </time>
      )}
      {image && <img className="mk-article-image" src={image} alt="" />}
      {children}
      <aside className="mk-cta" aria-label="Get started" data-testid="blog-cta">
        <p>{blogCallToAction}</p>
        <Link className="mk-btn" to="/auth/sign-up">
          Get Started
        </Link>
      </aside>
    </article>
  );
}

function NotFoundArticle() {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <div className="mk-article">
      <h1>{NOT_FOUND_TITLE}</h1>
      <Link to="/blog">Back to the blog</Link>
    </div>
  );
}

export function BlogArticle() {
  const { slug = '' } = useParams();
  const post = findPost(slug);
  const [state, setState] = useState<{ article?: Article; missing?: boolean }>({});
  useEffect(() => {
    if (post) return;
    let live = true;
    setState({});
    fetchArticle(slug).then(
      (article) => live && setState({ article }),
      () => live && setState({ missing: true }),
    );
    return () => {
      live = false;
    };
  }, [slug, post]);
  if (post) {
    return (
      <ArticleLayout title={post.title} date={post.date}>
        {post.body.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </ArticleLayout>
    );
  }
  if (state.missing) return <NotFoundArticle />;
  if (!state.article)
    return (
      <p className="mk-container mk-muted" style={{ padding: '56px 20px' }} aria-busy="true">
        Loading...
      </p>
    );
  const article = state.article;
  return (
    <ArticleLayout title={article.title} date={article.publishedAt ?? article.createdAt} image={article.image || undefined}>
      {article.description && <p className="mk-lead">{article.description}</p>}
      <Markdown source={article.markdown} className="mk-article-body" />
    </ArticleLayout>
  );
}

export default function Blog() {
  return <BlogList />;
}
