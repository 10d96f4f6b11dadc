import { useEffect, useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { UiProvider } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { errorMessage } from '@seatside/ui/src/lists';
import { useTestMode } from '@seatside/ui/src/mode';
import { previewUrl, templatesApi, templatesPage, type Owner, type TemplateView } from './api';
import { TemplateEditor } from './Editor';
import './styles';

/** Seed 002 §9: search starts at 3 characters. */
const SEARCH_MIN = 3;

const TITLE = 'Templates';

/** /dashboard/{collection}/{id}/templates: the searchable gallery (1 column under 700 px, else 3). */
function Gallery({ owner }: { owner: Owner }) {
  usePageTitle(TITLE);
  const testMode = useTestMode((s) => s.testMode);
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [items, setItems] = useState<TemplateView[] | undefined>(undefined);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const query = q.trim().length >= SEARCH_MIN ? q.trim() : '';

  useEffect(() => {
    const controller = new AbortController();
    templatesApi.list(owner, testMode, query, undefined, controller.signal).then(
      (page) => {
        setItems(page.data);
        setNext(page.nextCursor);
        setError(undefined);
      },
      (err: unknown) => !controller.signal.aborted && setError(err),
    );
    return () => controller.abort();
  }, [owner.collection, owner.id, testMode, query]);

  const more = async () => {
    if (!next) return;
    const page = await templatesApi.list(owner, testMode, query, next, new AbortController().signal);
    setItems((list) => [...(list ?? []), ...page.data]);
    setNext(page.nextCursor);
  };

  return (
    <section>
      <div className="tp-tools">
        <h1 style={{ margin: 0, fontSize: 24, flex: 'none' }}>{TITLE}</h1>
        <input className="tp-search" type="search" aria-label="Search templates" placeholder="Search templates" value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="button" className="tp-btn" aria-pressed="true" onClick={() => void navigate(templatesPage(owner, 'new'))}>New Template</button>
      </div>
      {error !== undefined && <p role="alert">{errorMessage(error)}</p>}
      {items && items.length === 0 && <p className="tp-empty">{query ? 'No results found' : 'No templates yet.'}</p>}
      <ul className="tp-gallery" data-testid="template-gallery">
        {(items ?? []).map((t) => (
          <li key={t.id} className="tp-card">
            <Link to={templatesPage(owner, encodeURIComponent(t.id))}>
              <img src={previewUrl(t)} alt="" loading="lazy" />
              <p>{t.title}</p>
            </Link>
          </li>
        ))}
      </ul>
      {next && (
        <p>
          <button type="button" className="tp-btn" onClick={() => void more()}>Load more</button>
        </p>
      )}
    </section>
  );
}

function EditorRoute({ owner }: { owner: Owner }) {
  const { templateId = '' } = useParams();
  return <TemplateEditor key={templateId} owner={owner} templateId={templateId} />;
}

/** Paths relative to /dashboard/{collection}/{id}/templates. */
export default function TemplatesRoutes({ owner }: { owner: Owner }) {
  return (
    <UiProvider>
      <Routes>
        <Route index element={<Gallery owner={owner} />} />
        <Route path="new" element={<TemplateEditor key="new" owner={owner} />} />
        <Route path=":templateId" element={<EditorRoute owner={owner} />} />
      </Routes>
    </UiProvider>
  );
}
