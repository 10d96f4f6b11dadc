import '@seatside/ui/src/lists/styles';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PREVIEW_LENGTH, preview } from '@seatside/rules';
import { api, ApiError, errorMessage } from '@seatside/ui';
import { ifMatch } from '@seatside/ui/src/lists';
import { usePageTitle } from '@seatside/ui/src/title';

/** `version` is the FAQ's stream version (its ETag). */
type Faq = { id: string; question: string; answer: string; scope: string; version: number };

export const NO_FAQS = 'No FAQs found.';

/** /admin/faqs: every FAQ with its scope (the marketing accordions and the widget read the same list). */
const TITLE = 'FAQs';

export default function Faqs() {
  usePageTitle(TITLE);
  const [state, setState] = useState<{ faqs?: Faq[]; error?: string }>({});
  useEffect(() => {
    api.get<{ data: Faq[] }>('/faqs', { query: { limit: 1000 } }).then(
      (page) => setState({ faqs: page.data }),
      (err: unknown) => setState({ error: errorMessage(err) }),
    );
  }, []);
  return (
    <>
      <h1>{TITLE}</h1>
      <section className="adm-card" aria-busy={!state.faqs && !state.error} aria-label="FAQs">
        <div className="adm-toolbar">
          <span style={{ flex: 1 }} />
          <Link className="adm-btn adm-btn-primary" to="/admin/faqs/new">
            New FAQ
          </Link>
        </div>
        {state.error && (
          <p className="adm-status adm-status-error" role="alert">
            {state.error}
          </p>
        )}
        {state.faqs &&
          (state.faqs.length === 0 ? (
            <p className="adm-muted">{NO_FAQS}</p>
          ) : (
            <table className="ls-table" aria-label="FAQs">
              <thead>
                <tr>
                  <th scope="col">Question</th>
                  <th scope="col">Answer</th>
                  <th scope="col">Scope</th>
                </tr>
              </thead>
              <tbody>
                {state.faqs.map((faq) => (
                  <tr key={faq.id} data-testid="list-row">
                    <td>
                      <Link to={`/admin/faqs/${encodeURIComponent(faq.id)}`}>{faq.question}</Link>
                    </td>
                    <td>{preview(faq.answer, PREVIEW_LENGTH.faqAnswer)}</td>
                    <td>{faq.scope === 'pricing' ? 'Pricing' : 'General'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
      </section>
    </>
  );
}

/** /admin/faqs/new and /admin/faqs/{id}: question, answer and scope (pricing or general). */
export function FaqEditor() {
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const heading = isNew ? 'New FAQ' : 'Edit FAQ';
  usePageTitle(heading);
  const navigate = useNavigate();
  const [form, setForm] = useState({ question: '', answer: '', scope: 'general' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; message: string }>();
  // An FAQ that is not there (a stale or mistyped address) has nothing to edit: its page says so only.
  const [missing, setMissing] = useState(false);
  // The version this editor last read or wrote, sent as If-Match: another admin's save meanwhile is
  // refused (412) instead of being silently overwritten.
  const [version, setVersion] = useState<number>();
  useEffect(() => {
    if (isNew) return;
    setMissing(false);
    api.get<Faq>(`/faqs/${encodeURIComponent(id)}`).then(
      (faq) => {
        setForm({ question: faq.question, answer: faq.answer, scope: faq.scope === 'pricing' ? 'pricing' : 'general' });
        setVersion(faq.version);
      },
      (err: unknown) => {
        if (err instanceof ApiError && err.status === 404) setMissing(true);
        setStatus({ ok: false, message: errorMessage(err) });
      },
    );
  }, [id, isNew]);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const answer = isNew ? await api.post<{ id: string; message: string }>('/faqs', form) : await api.post<{ id: string; message: string }>(`/faqs/${encodeURIComponent(id)}`, form, ifMatch(version));
      // An update appends one event to the FAQ's stream, so the version it leaves is the next one.
      if (!isNew) setVersion((v) => (v === undefined ? v : v + 1));
      setStatus({ ok: true, message: answer.message });
      if (isNew) void navigate(`/admin/faqs/${encodeURIComponent(answer.id)}`, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors);
      setStatus({ ok: false, message: errorMessage(err) });
    }
  };
  const field = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A corrected field's refusal goes, and the failure banner with the last one.
    if (errors[key] === undefined) return;
    const { [key]: _corrected, ...rest } = errors;
    setErrors(rest);
    if (Object.keys(rest).length === 0) setStatus((shown) => (shown?.ok ? shown : undefined));
  };
  const remove = async () => {
    if (isNew || !window.confirm('Delete this FAQ?')) return;
    await api.delete(`/faqs/${encodeURIComponent(id)}`).then(
      () => navigate('/admin/faqs'),
      (err: unknown) => setStatus({ ok: false, message: errorMessage(err) }),
    );
  };
  if (missing)
    return (
      <>
        <p>
          <Link to="/admin/faqs">← FAQs</Link>
        </p>
        <h1>Edit FAQ</h1>
        <p className="adm-status adm-status-error" role="alert">
          {status?.message}
        </p>
      </>
    );
  return (
    <>
      <p>
        <Link to="/admin/faqs">← FAQs</Link>
      </p>
      <h1>{heading}</h1>
      {status && (
        <p className={`adm-status ${status.ok ? 'adm-status-ok' : 'adm-status-error'}`} role={status.ok ? 'status' : 'alert'}>
          {status.message}
        </p>
      )}
      <form className="adm-card" onSubmit={(event) => void save(event)} noValidate>
        <div className="adm-field">
          <label htmlFor="faq-question">Question</label>
          <input id="faq-question" value={form.question} onChange={(e) => field('question')(e.target.value)} />
          {errors.question && <span className="adm-error">{errors.question}</span>}
        </div>
        <div className="adm-field">
          <label htmlFor="faq-answer">Answer</label>
          <textarea id="faq-answer" style={{ minHeight: 140, fontFamily: 'inherit' }} value={form.answer} onChange={(e) => field('answer')(e.target.value)} />
          {errors.answer && <span className="adm-error">{errors.answer}</span>}
        </div>
        <div className="adm-field">
          <label htmlFor="faq-scope">Scope</label>
          <select id="faq-scope" value={form.scope} onChange={(e) => field('scope')(e.target.value)}>
            <option value="general">General</option>
            <option value="pricing">Pricing</option>
          </select>
        </div>
        <div className="adm-toolbar">
          <button type="submit" className="adm-btn adm-btn-primary">
            Save
          </button>
          {!isNew && (
            <button type="button" className="adm-btn" onClick={() => void remove()}>
              Delete
            </button>
          )}
        </div>
      </form>
    </>
  );
}
