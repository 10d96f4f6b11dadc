import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, ApiError, errorMessage } from '@seatside/ui';
import { Markdown } from '@seatside/ui/src/markdown';
import { CursorList, type Column } from './CursorList';

export type ArticleDoc = {
  id: string;
  title: string;
  description: string;
  markdown: string;
  image: string;
  published: boolean;
  news: boolean;
  updatedAt: string;
  publishedAt: string | null;
};

/** Seed 000 §8. */
export const ARTICLE_SAVED = 'Article saved!';

const columns: Column<ArticleDoc>[] = [
  { key: 'title', title: 'Title', sortKey: 'title', render: (a) => <Link to={`/admin/articles/${encodeURIComponent(a.id)}`}>{a.title}</Link> },
  { key: 'status', title: 'Status', render: (a) => (a.published ? 'Published' : 'Draft') },
  { key: 'news', title: 'News', render: (a) => (a.news ? 'Yes' : 'No') },
  { key: 'updatedAt', title: 'Updated', sortKey: 'updatedAt', render: (a) => new Date(a.updatedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) },
];

/** /admin/articles. */
export default function Articles() {
  return (
    <CursorList<ArticleDoc>
      title="Articles"
      path="/admin/articles"
      columns={columns}
      defaultSort={{ sort: 'updatedAt', order: 'desc' }}
      searchLabel="Search by title"
      actions={
        <Link className="adm-btn adm-btn-primary" to="/admin/articles/new">
          New article
        </Link>
      }
    />
  );
}

type Form = Pick<ArticleDoc, 'title' | 'description' | 'markdown' | 'image' | 'published' | 'news'>;
const empty: Form = { title: '', description: '', markdown: '', image: '', published: false, news: false };

/** /admin/articles/new and /admin/articles/{articleId}: a markdown editor with a live preview. */
export function ArticleEditor() {
  const { articleId } = useParams();
  const isNew = !articleId || articleId === 'new';
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(empty);
  const [loaded, setLoaded] = useState(isNew);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; message: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (isNew) {
      setForm(empty);
      setLoaded(true);
      return;
    }
    api.get<ArticleDoc>(`/admin/articles/${encodeURIComponent(articleId)}`).then(
      (doc) => {
        setForm({ title: doc.title, description: doc.description, markdown: doc.markdown, image: doc.image, published: doc.published, news: doc.news });
        setLoaded(true);
      },
      (err: unknown) => setStatus({ ok: false, message: errorMessage(err) }),
    );
  }, [articleId, isNew]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const answer = isNew
        ? await api.post<{ id: string; message: string }>('/admin/articles', form)
        : await api.post<{ id: string; message: string }>(`/admin/articles/${encodeURIComponent(articleId)}`, form);
      setStatus({ ok: true, message: answer.message });
      if (isNew) void navigate(`/admin/articles/${encodeURIComponent(answer.id)}`, { replace: true, state: { saved: answer.message } });
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors);
      setStatus({ ok: false, message: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    if (isNew || !window.confirm('Delete this article?')) return;
    try {
      await api.delete(`/admin/articles/${encodeURIComponent(articleId)}`);
      void navigate('/admin/articles');
    } catch (err) {
      setStatus({ ok: false, message: errorMessage(err) });
    }
  };
  const field = <K extends keyof Form>(key: K) => (value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <>
      <p>
        <Link to="/admin/articles">← Articles</Link>
      </p>
      <h1>{isNew ? 'New article' : 'Edit article'}</h1>
      {status && (
        <p className={`adm-status ${status.ok ? 'adm-status-ok' : 'adm-status-error'}`} role={status.ok ? 'status' : 'alert'}>
          {status.message}
        </p>
      )}
      {loaded && (
        <form onSubmit={(event) => void save(event)} noValidate>
          <div className="adm-split">
            <section className="adm-card">
              <div className="adm-field">
                <label htmlFor="article-title">Title</label>
                <input id="article-title" value={form.title} onChange={(e) => field('title')(e.target.value)} aria-invalid={!!errors.title} aria-describedby="article-title-error" />
                {errors.title && (
                  <span id="article-title-error" className="adm-error">
                    {errors.title}
                  </span>
                )}
              </div>
              <div className="adm-field">
                <label htmlFor="article-description">Description</label>
                <input id="article-description" value={form.description} onChange={(e) => field('description')(e.target.value)} />
                {errors.description && <span className="adm-error">{errors.description}</span>}
              </div>
              <div className="adm-field">
                <label htmlFor="article-image">Image URL</label>
                <input id="article-image" value={form.image} placeholder="https://… or /v1/media/…" onChange={(e) => field('image')(e.target.value)} />
                {errors.image && <span className="adm-error">{errors.image}</span>}
              </div>
              <div className="adm-field">
                <label htmlFor="article-markdown">Content (markdown)</label>
                <textarea id="article-markdown" value={form.markdown} onChange={(e) => field('markdown')(e.target.value)} />
                {errors.markdown && <span className="adm-error">{errors.markdown}</span>}
              </div>
              <p>
                <label>
                  <input type="checkbox" checked={form.published} onChange={(e) => field('published')(e.target.checked)} /> Published
                </label>{' '}
                <span className="adm-muted">(a draft is seen only here)</span>
              </p>
              <p>
                <label>
                  <input type="checkbox" checked={form.news} onChange={(e) => field('news')(e.target.checked)} /> Show in the widget's News
                </label>
              </p>
              <div className="adm-toolbar">
                <button type="submit" className="adm-btn adm-btn-primary" disabled={saving}>
                  Save
                </button>
                {!isNew && (
                  <button type="button" className="adm-btn" onClick={() => void remove()}>
                    Delete
                  </button>
                )}
              </div>
            </section>
            <section className="adm-card" aria-label="Preview">
              <h2 style={{ marginTop: 0 }}>{form.title || 'Preview'}</h2>
              {form.description && <p className="adm-muted">{form.description}</p>}
              <Markdown source={form.markdown} className="adm-md" />
            </section>
          </div>
        </form>
      )}
    </>
  );
}
