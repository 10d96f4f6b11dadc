import { Link, useParams } from 'react-router';
import { colors as c, injectStyles } from '@seatside/ui';
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
`,
);

const formatDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export function BlogList() {
  return (
    <>
      <div className="mk-container mk-page-head">
        <h1>Blog</h1>
        <p className="mk-lead">News, guides and ideas for ordering at restaurants, venues, retail, theaters and stadiums.</p>
      </div>
      <div className="mk-section">
        <ul className="mk-container mk-posts" style={{ listStyle: 'none' }}>
          {posts.map((post) => (
            <li key={post.slug} className="mk-card mk-post-card">
              <time className="mk-muted" dateTime={post.date}>
                {formatDate(post.date)}
              </time>
              <h2>
                <Link to={`/blog/${post.slug}`}>{post.title}</Link>
              </h2>
              <p className="mk-muted">{post.excerpt}</p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

export function BlogArticle() {
  const { slug } = useParams();
  const post = findPost(slug);
  if (!post) {
    return (
      <div className="mk-article">
        <h1>Article not found</h1>
        <Link to="/blog">Back to the blog</Link>
      </div>
    );
  }
  return (
    <article className="mk-article">
      <Link to="/blog">← Blog</Link>
      <h1>{post.title}</h1>
      <time className="mk-muted" dateTime={post.date}>
        {formatDate(post.date)}
      </time>
      {post.body.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
      <aside className="mk-cta" aria-label="Get started" data-testid="blog-cta">
        <p>{blogCallToAction}</p>
        <Link className="mk-btn" to="/auth/sign-up">
          Get Started
        </Link>
      </aside>
    </article>
  );
}

export default function Blog() {
  return <BlogList />;
}
