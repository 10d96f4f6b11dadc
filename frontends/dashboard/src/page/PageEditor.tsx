import { useCallback, useEffect, useId, useMemo, useState, type CSSProperties } from 'react';
import { useParams } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import { pageIdProblem } from '@seatside/rules';
import { ApiError, UiProvider, api, errorMessage, injectStyles } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { useAlerts } from '@seatside/ui/src/alerts-antd';
import { ifMatch } from '@seatside/ui/src/lists';
import { PageBlockView } from '@seatside/ui/src/page/Blocks';
import { PageContext as PageRenderContext, type PageContextValue } from '@seatside/ui/src/page/context';
import { blockCss } from '@seatside/ui/src/page/styles';
import { PAGE_THEME_DEFAULTS } from '@seatside/ui/src/page/theme';
import type { PageBlock, VisibilitySize } from '@seatside/ui/src/page/types';
import { sizeAt, visibleAt } from '@seatside/ui/src/page/visibility';
import { useLeaveGuard } from '@seatside/ui/src/unsaved';
import { SortableList } from '../catalog/services/SortableList';
import { useMerchantCurrency } from '../merchant/currency';
import { CatalogContext, Field, FieldErrors, ObjectFields, PageContext, selectProps } from './fields';
import {
  blockName, blockPath, blocksOf, commit, emptyPage, gridProducts, historyOf, newBlockId, pageIds, redo, undo, withBlocks,
  type Block, type History, type Json, type ListRef, type PageCatalog, type PageData, type PageSchemas,
} from './model';
import { blockErrors, saveProblems, type SaveProblem } from './problems';
import './styles';

type PageAnswer = { draft: PageData | null; published: PageData | null; version: number };
type AssistAnswer = { path: string; applied: true; value: Json; message: string } | { path: string; applied: false; note: string };

const pagePath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/page`;
/** The page's stream version as the catalog's ETag (docs/catalog-api.md "Page builder"). */
type Listed<T> = { data: T[] };
/** The production catalog: the published page shows the live storefront's products. */
const catalogQuery = { testMode: false, sort: 'title', order: 'asc', limit: 1000 };

/** The merchant's products (title, price, first image) and menus by title, for the product grid's pickers and the preview. */
async function loadCatalog(merchantId: string, signal: AbortSignal): Promise<PageCatalog> {
  const base = `/merchants/${encodeURIComponent(merchantId)}`;
  const [products, menus] = await Promise.all([
    api.get<Listed<{ id: string; title: string; price: number; images?: string[] }>>(`${base}/products`, { query: catalogQuery, signal }),
    api.get<Listed<{ id: string; title: string; products: string[] }>>(`${base}/menus`, { query: catalogQuery, signal }),
  ]);
  return {
    products: products.data.map(({ id, title, price, images }) => ({ id, title, price, image: images?.[0] })),
    menus: menus.data.map(({ id, title, products: ids }) => ({ id, title, products: ids })),
  };
}

injectStyles('page-blocks', blockCss);

/** The preview frames and the width each stands for (which sizes' blocks it shows: seed 002 §9). */
const FRAMES = { Phone: 375, Desktop: 1280 } as const;
type Frame = keyof typeof FRAMES;

/**
 * The live preview: the storefront's own block renderers and stylesheet (@seatside/ui/src/page), the
 * blocks visible at the frame's size, the storefront's default colours. Actions do nothing here, and
 * a click (a link too) selects the block instead.
 */
function Preview({ blocks, frame, selected, onSelect, catalog, currency }: { blocks: Block[]; frame: Frame; selected: string | null; onSelect(id: string): void; catalog: PageCatalog; currency: string | undefined }) {
  const context = useMemo<PageContextValue>(
    () => ({ run: () => undefined, openProduct: () => undefined, gridProducts: (props) => gridProducts(catalog, props, currency) }),
    [catalog, currency],
  );
  const size = sizeAt(FRAMES[frame]);
  return (
    <PageRenderContext.Provider value={context}>
      <div className={frame === 'Phone' ? 'pbe-frame pbe-phone' : 'pbe-frame pbe-desktop'} style={PAGE_THEME_DEFAULTS as CSSProperties} data-testid="preview" aria-label={`${frame} preview`}>
        {blocks
          .filter((b) => visibleAt(b.visibility as VisibilitySize[], size))
          .map((b) => (
            <div
              key={b.id}
              className={b.id === selected ? 'pbp pbp-selected' : 'pbp'}
              data-testid="preview-block"
              onClickCapture={(e) => {
                e.preventDefault();
                e.stopPropagation();
                onSelect(b.id);
              }}
            >
              {b.type === 'productGrid' && gridProducts(catalog, b.props as { menuId: string; productIds: string[] }, currency).length === 0 ? (
                <p className="pbe-muted pbp-empty">No products chosen</p>
              ) : (
                <PageBlockView block={b as PageBlock} />
              )}
            </div>
          ))}
      </div>
    </PageRenderContext.Provider>
  );
}

/** The dashboard frame's small screens (720 px), where the assistant is in the page's flow (styles.ts). */
const SMALL_SCREEN = '(max-width: 719.98px)';

/**
 * Seed 002 §2: the AI assistant's floating box, above the support launcher's corner (never under
 * it). It folds to its title; on a small screen it sits in the page under the header instead of
 * floating over the preview, and starts folded.
 */
function AssistantBox({ busy, note, onSend }: { busy: boolean; note: string; onSend(prompt: string): void }) {
  const [prompt, setPrompt] = useState('');
  const [open, setOpen] = useState(() => !window.matchMedia(SMALL_SCREEN).matches);
  const bodyId = useId();
  return (
    <aside className={open ? 'pbe-ai pbe-ai-open' : 'pbe-ai'} aria-label="AI Assistant">
      <button type="button" className="pbe-ai-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <strong>AI Assistant</strong>
        <span aria-hidden="true">{open ? '▾' : '▴'}</span>
      </button>
      <div id={bodyId} className="pbe-ai-body" hidden={!open}>
        <Input.TextArea aria-label="Prompt" rows={3} value={prompt} onChange={(e) => setPrompt(e.target.value)} placeholder="Describe what to change, or the whole page to make" />
        <Button type="primary" disabled={busy || prompt.trim() === ''} onClick={() => onSend(prompt)}>
          {busy ? 'Generating...' : 'Send'}
        </Button>
        {note ? <small className="pbe-muted" role="status">{note}</small> : null}
      </div>
    </aside>
  );
}

const TITLE = 'Page';

function Editor({ merchantId }: { merchantId: string }) {
  usePageTitle(TITLE);
  const alerts = useAlerts();
  const [schemas, setSchemas] = useState<PageSchemas | null>(null);
  const [catalog, setCatalog] = useState<PageCatalog>({ products: [], menus: [] });
  const [history, setHistory] = useState<History>(() => historyOf(emptyPage()));
  /** The draft as last read or saved: the editor has unsaved changes while it shows another. */
  const [saved, setSaved] = useState<PageData>(() => history.present);
  const [published, setPublished] = useState<PageData | null>(null);
  const [version, setVersion] = useState(0);
  const [list, setList] = useState<ListRef>({ kind: 'blocks' });
  const [selected, setSelected] = useState<string | null>(null);
  const [newType, setNewType] = useState('hero');
  const [frame, setFrame] = useState<Frame>('Phone');
  const currency = useMerchantCurrency(merchantId);
  const [panelId, setPanelId] = useState('');
  const [panelError, setPanelError] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [problems, setProblems] = useState<SaveProblem[]>([]);
  const [loadError, setLoadError] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      api.get<PageSchemas>('/page-builder/schema', { signal: controller.signal }),
      api.get<PageAnswer>(pagePath(merchantId), { signal: controller.signal }),
      // The pickers' products and menus: without them the editor still works (the pickers offer none).
      loadCatalog(merchantId, controller.signal).catch((): PageCatalog => ({ products: [], menus: [] })),
    ])
      .then(([schema, answer, products]) => {
        const loaded = answer.draft ?? answer.published ?? emptyPage();
        setCatalog(products);
        setSchemas(schema);
        setHistory(historyOf(loaded));
        setSaved(loaded);
        setPublished(answer.published);
        setVersion(answer.version);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(err));
      });
    return () => controller.abort();
  }, [merchantId]);

  const page = history.present;
  useLeaveGuard(schemas !== null && page !== saved);
  const change = useCallback((next: PageData) => setHistory((h) => commit(h, next)), []);
  const blocks = blocksOf(page, list);
  const index = blocks.findIndex((b) => b.id === selected);
  const block = index >= 0 ? blocks[index] : undefined;
  const setBlock = (next: Block) => change(withBlocks(page, list, blocks.map((b, i) => (i === index ? next : b))));

  const listOptions = useMemo(
    () => [
      { value: 'blocks', label: 'Page' },
      ...page.drawers.map((d, i) => ({ value: `drawers:${i}`, label: `Drawer: ${d.title || d.id}` })),
      ...page.views.map((v, i) => ({ value: `views:${i}`, label: `View: ${v.title || v.id}` })),
    ],
    [page],
  );
  const listValue = list.kind === 'blocks' ? 'blocks' : `${list.kind}:${list.index}`;

  /**
   * Saves the draft over the version this editor last read or wrote (If-Match): a teammate's save in
   * between is refused (the catalog's 'changed by someone else') instead of overwritten. Answers the
   * saved version, or null.
   */
  const save = async (): Promise<number | null> => {
    setError('');
    setProblems([]);
    try {
      const answer = await api.post<{ message: string; version: number; draft: PageData }>(pagePath(merchantId), page, ifMatch(version));
      setVersion(answer.version);
      setSaved(page);
      alerts.success(answer.message);
      return answer.version;
    } catch (err) {
      setError(errorMessage(err));
      // Every field's message, tied to its block and field (the server names each by its path).
      if (err instanceof ApiError && err.errors) setProblems(saveProblems(page, err.errors));
      alerts.error(errorMessage(err));
      return null;
    }
  };

  /** Shows a save problem's block, whose field shows the message under it. */
  const showProblem = (problem: SaveProblem) => {
    setList(problem.list);
    setSelected(problem.blockId);
  };

  const publish = async () => {
    const saved = await save();
    if (saved === null) return;
    try {
      // Publishes the draft just saved, not one a teammate saved since.
      const answer = await api.post<{ message: string; version: number }>(`${pagePath(merchantId)}/publish`, {}, ifMatch(saved));
      setVersion(answer.version);
      setPublished(page);
      alerts.success(answer.message);
    } catch (err) {
      alerts.error(errorMessage(err));
    }
  };

  const ask = async (prompt: string) => {
    setBusy(true);
    setNote('');
    const path = block ? blockPath(list, index) : '';
    try {
      const answer = await api.post<AssistAnswer>(`${pagePath(merchantId)}/ai`, { prompt, path, state: block ?? page });
      if (!answer.applied) setNote(answer.note);
      else if (block) setBlock(answer.value as unknown as Block);
      else change(answer.value as unknown as PageData);
      if (answer.applied) setNote(answer.message);
    } catch (err) {
      setNote(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (loadError) return <Alert type="error" title={loadError} />;
  if (!schemas) return <p className="pbe-muted">Loading the page…</p>;

  const addBlock = () => {
    const id = newBlockId(page, newType);
    const fresh: Block = { id, type: newType, visibility: [...schemas.enums.visibilitySizes], props: structuredClone(schemas.blockDefaults[newType] ?? {}) };
    change(withBlocks(page, list, [...blocks, fresh]));
    setSelected(id);
  };

  /** A new drawer or view: refused, with the catalog's message under the id, when the id is bad or taken. */
  const addPanel = (kind: 'drawers' | 'views') => {
    const id = panelId.trim();
    const problem = pageIdProblem(id, pageIds(page));
    setPanelError(problem ?? '');
    if (problem) return;
    change({ ...page, [kind]: [...page[kind], { id, title: id.charAt(0).toUpperCase() + id.slice(1), blocks: [] }] });
    setPanelId('');
  };

  const blockSchema = block ? schemas.blocks[block.type] : undefined;
  const fieldErrors = {
    errors: block ? blockErrors(problems, block.id) : {},
    clear: (field: string) => setProblems((all) => all.filter((p) => !(p.blockId === block?.id && p.field === field))),
  };
  const previewBlocks = blocksOf(page, list);

  return (
    <CatalogContext.Provider value={catalog}>
    <PageContext.Provider value={page}>
    <section className="pbe" aria-labelledby="page-editor-title">
      <header className="pbe-bar">
        <h1 id="page-editor-title" className="mer-title">{TITLE}</h1>
        <Button onClick={() => setHistory(undo)} disabled={history.past.length === 0}>Undo</Button>
        <Button onClick={() => setHistory(redo)} disabled={history.future.length === 0}>Redo</Button>
        <Button onClick={() => void save()}>Save draft</Button>
        <Button onClick={() => published && change(published)} disabled={!published}>Revert to published</Button>
        <Button type="primary" onClick={() => void publish()}>Publish</Button>
        <span className="pbe-muted">Version {version}</span>
      </header>
      {error ? (
        <Alert
          type="error"
          title={error}
          showIcon
          description={
            problems.length > 0 ? (
              <ul className="pbe-problems" aria-label="Problems">
                {problems.map((problem, i) => (
                  <li key={i}>
                    <button type="button" className="pbe-problem" onClick={() => showProblem(problem)}>
                      <strong>{problem.where}</strong>: {problem.message}
                    </button>
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
      <div className="pbe-grid">
        <div className="pbe-col">
          <label className="pbe-field">
            <span>Editing</span>
            <Select {...selectProps} aria-label="Editing" value={listValue} options={listOptions} onChange={(value: string) => {
              const [kind, at] = value.split(':');
              setList(kind === 'blocks' ? { kind: 'blocks' } : { kind: kind as 'views' | 'drawers', index: Number(at) });
              setSelected(null);
            }} />
          </label>
          <SortableList
            items={blocks}
            idOf={(b) => b.id}
            nameOf={blockName}
            label="Blocks"
            itemTestId="editor-block"
            onReorder={(next) => change(withBlocks(page, list, next))}
            renderItem={(b) => (
              <button type="button" className={b.id === selected ? 'pbe-item pbe-selected' : 'pbe-item'} onClick={() => setSelected(b.id)} aria-pressed={b.id === selected}>
                {blockName(b)}
              </button>
            )}
          />
          <div className="pbe-inline">
            <Select {...selectProps} aria-label="Block type" value={newType} onChange={setNewType} options={Object.keys(schemas.blocks).map((type) => ({ value: type, label: type }))} style={{ minWidth: 150 }} />
            <Button onClick={addBlock}>Add block</Button>
          </div>
          {block ? (
            <Button danger onClick={() => { change(withBlocks(page, list, blocks.filter((b) => b.id !== block.id))); setSelected(null); }}>
              Remove block
            </Button>
          ) : null}
          <div className="pbe-inline">
            <Input
              aria-label="Drawer or view id"
              placeholder="id, e.g. drinks"
              value={panelId}
              onChange={(e) => {
                setPanelId(e.target.value);
                setPanelError('');
              }}
              {...(panelError ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': 'pbe-panel-id-error' } : {})}
            />
            <Button onClick={() => addPanel('drawers')}>Add drawer</Button>
            <Button onClick={() => addPanel('views')}>Add view</Button>
          </div>
          {panelError ? <small className="pbe-error" id="pbe-panel-id-error">{panelError}</small> : null}
        </div>
        <div className="pbe-col" data-testid="block-fields">
          {block && blockSchema ? (
            <>
              <h2 className="pbe-h2">{blockName(block)}</h2>
              <FieldErrors.Provider value={fieldErrors}>
                <Field name="visibility" path="visibility" schema={blockSchema.properties?.visibility ?? {}} value={block.visibility} onChange={(visibility) => setBlock({ ...block, visibility: visibility as string[] })} schemas={schemas} />
                <ObjectFields schema={blockSchema.properties?.props ?? {}} value={block.props} onChange={(props) => setBlock({ ...block, props })} schemas={schemas} path="props" />
              </FieldErrors.Provider>
              <details className="pbe-code">
                <summary>Code</summary>
                <Input.TextArea
                  aria-label="Block JSON"
                  key={JSON.stringify(block)}
                  defaultValue={JSON.stringify(block, null, 2)}
                  style={{ height: 200, fontFamily: 'monospace' }}
                  onBlur={(e) => {
                    try {
                      setBlock(JSON.parse(e.target.value) as Block);
                    } catch {
                      setError('The code is not valid JSON');
                    }
                  }}
                />
              </details>
            </>
          ) : (
            <p className="pbe-muted">Choose a block to edit it, or ask the assistant for a whole page.</p>
          )}
        </div>
        <div className="pbe-col">
          <Segmented aria-label="Preview size" options={Object.keys(FRAMES)} value={frame} onChange={(value) => setFrame(value as Frame)} />
          <Preview blocks={previewBlocks} frame={frame} selected={selected} onSelect={setSelected} catalog={catalog} currency={currency} />
        </div>
      </div>
      <AssistantBox busy={busy} note={note} onSend={(prompt) => void ask(prompt)} />
    </section>
    </PageContext.Provider>
    </CatalogContext.Provider>
  );
}

/** /dashboard/merchants/{merchantId}/page: the page builder (issue 25). */
export default function PageEditor() {
  const { merchantId = '' } = useParams();
  return (
    <UiProvider>
      <Editor merchantId={merchantId} />
    </UiProvider>
  );
}
