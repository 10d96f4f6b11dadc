import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api, ApiError, errorMessage } from '@seatside/ui';
import { ifMatch } from '@seatside/ui/src/lists';
import { usePageTitle } from '@seatside/ui/src/title';
import { Markdown } from '@seatside/ui/src/markdown';
import { postMultipart } from '@seatside/ui/src/tenant-settings/upload';
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
  /** The article's stream version (the admin read's ETag). */
  version: number;
};

/** Seed 002 §5: image uploads accept png and jpeg (the media service checks the bytes). */
const IMAGE_TYPES = ['image/png', 'image/jpeg'];
const NOT_AN_IMAGE = 'Please upload a PNG or JPEG image';

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
  const heading = isNew ? 'New article' : 'Edit article';
  usePageTitle(heading);
  const navigate = useNavigate();
  // A new article's page is left for its own after the save; the server's message comes along.
  const savedMessage = (useLocation().state as { saved?: string } | null)?.saved;
  const [form, setForm] = useState<Form>(empty);
  const [loaded, setLoaded] = useState(isNew);
  // The version this editor last read or wrote, sent as If-Match: another admin's save meanwhile is
  // refused (412) instead of being silently overwritten.
  const [version, setVersion] = useState<number>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; message: string } | undefined>(savedMessage ? { ok: true, message: savedMessage } : undefined);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (isNew) {
      setForm(empty);
      setVersion(undefined);
      setLoaded(true);
      return;
    }
    api.get<ArticleDoc>(`/admin/articles/${encodeURIComponent(articleId)}`).then(
      (doc) => {
        setForm({ title: doc.title, description: doc.description, markdown: doc.markdown, image: doc.image, published: doc.published, news: doc.news });
        setVersion(doc.version);
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
        : await api.post<{ id: string; message: string }>(`/admin/articles/${encodeURIComponent(articleId)}`, form, ifMatch(version));
      // An update appends one event to the article's stream, so the version it leaves is the next one.
      if (!isNew) setVersion((v) => (v === undefined ? v : v + 1));
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
  const field = <K extends keyof Form>(key: K) => (value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A corrected field's refusal goes, and the failure banner with the last one.
    if (errors[key] === undefined) return;
    const { [key]: _corrected, ...rest } = errors;
    setErrors(rest);
    if (Object.keys(rest).length === 0) setStatus((shown) => (shown?.ok ? shown : undefined));
  };

  /** The image goes through the media service's pipeline (checked, re-encoded); its URL is the article's image. */
  const uploadImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      setErrors((e) => ({ ...e, image: NOT_AN_IMAGE }));
      return;
    }
    setUploading(true);
    setErrors(({ image: _image, ...rest }) => rest);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      field('image')(await postMultipart('/admin/media/uploads', form));
    } catch (err) {
      setErrors((e) => ({ ...e, image: errorMessage(err) }));
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <p>
        <Link to="/admin/articles">← Articles</Link>
      </p>
      <h1>{heading}</h1>
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
              <div className="adm-field" aria-busy={uploading}>
                <label htmlFor="article-image">Image</label>
                {form.image && <img src={form.image} alt="The article's image" data-testid="article-image" style={{ maxWidth: 240, maxHeight: 140, objectFit: 'cover', borderRadius: 4 }} />}
                <input id="article-image" type="file" accept={IMAGE_TYPES.join(',')} disabled={uploading} onChange={(e) => void uploadImage(e)} aria-invalid={!!errors.image} aria-describedby="article-image-hint" />
                <span id="article-image-hint" className="adm-muted">
                  {uploading ? 'Uploading…' : 'PNG or JPEG, at most 10 MB.'}
                </span>
                {form.image && (
                  <button type="button" className="adm-btn" onClick={() => field('image')('')}>
                    Remove image
                  </button>
                )}
                {errors.image && (
                  <span className="adm-error" role="alert">
                    {errors.image}
                  </span>
                )}
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
                <button type="submit" className="adm-btn adm-btn-primary" disabled={saving || uploading}>
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
              {form.image && <img src={form.image} alt="" style={{ width: '100%', maxHeight: 220, objectFit: 'cover', borderRadius: 4 }} />}
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
