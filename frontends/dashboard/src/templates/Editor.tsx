import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@seatside/ui';
import { useAlerts } from '@seatside/ui/src/alerts-antd';
import { errorMessage } from '@seatside/ui/src/lists';
import { ModeMismatch, useTestMode } from '@seatside/ui/src/mode';
import { useLeaveGuard } from '@seatside/ui/src/unsaved';
import { usePageTitle } from '@seatside/ui/src/title';
import {
  NEW_TEMPLATE, OPTION_DEFAULTS, PRESETS_MESSAGE, TEMPLATE_LIMITS as L, variableValues, type Layer, type LayerType, type TemplatePayload,
} from '@seatside/template-render';
import { tagsApi, type Tag } from '../tags/api';
import { templatesApi, templatesPage, type Owner, type TemplateInput } from './api';
import { canRedo, canUndo, change, commit, historyOf, preview, redo, undo, type History } from './history';
import { LayerPanel, Slider, layerTypeLabel, type LayerUpdate } from './Panels';
import { PrintDialog } from './PrintDialog';
import { TemplateCanvas } from './TemplateCanvas';

type Doc = TemplateInput;

/** What the "add" panels add: a layer type (the gradient panel adds a gradient shape) and its size. */
const ADDS: { key: string; label: string; type: LayerType; size: [number, number]; gradient?: boolean }[] = [
  { key: 'text', label: 'Text', type: 'text', size: [240, 60] },
  { key: 'image', label: 'Image', type: 'image', size: [160, 160] },
  { key: 'qr', label: 'QR', type: 'qr', size: [160, 160] },
  { key: 'icon', label: 'Icon', type: 'icon', size: [64, 64] },
  { key: 'appclip', label: 'App Clip', type: 'appclip', size: [160, 160] },
  { key: 'shape', label: 'Shape', type: 'shape', size: [200, 120] },
  { key: 'gradient', label: 'Gradient', type: 'shape', size: [200, 120], gradient: true },
];

const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `l${Date.now()}${Math.random().toString(36).slice(2)}`);

function newLayer(add: (typeof ADDS)[number], doc: Doc): Layer {
  const [w, h] = add.size;
  const width = Math.min(w, doc.width);
  const height = Math.min(h, doc.height);
  const count = doc.layers.filter((l) => l.type === add.type).length + 1;
  const options = structuredClone(OPTION_DEFAULTS[add.type]) as Layer['options'];
  if (add.gradient) (options as { gradient: boolean }).gradient = true;
  return {
    id: newId(), type: add.type, title: `${add.gradient ? 'Gradient' : layerTypeLabel[add.type]} ${count}`,
    x: Math.round((doc.width - width) / 2), y: Math.round((doc.height - height) / 2), width, height, options,
  } as Layer;
}

const blank = (): Doc => ({ title: NEW_TEMPLATE.title, width: NEW_TEMPLATE.width, height: NEW_TEMPLATE.height, payload: { variables: [], gridLines: 0 }, tagId: null, layers: [] });

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** /templates/new and /templates/{templateId}: the layer designer (seed 002 §2). */
export function TemplateEditor({ owner, templateId }: { owner: Owner; templateId?: string }) {
  const testMode = useTestMode((s) => s.testMode);
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [history, setHistory] = useState<History<Doc> | null>(() => (templateId ? null : historyOf(blank())));
  /** The template as last loaded or saved: the editor has unsaved changes while it shows another. */
  const [saved, setSaved] = useState<Doc | undefined>(() => history?.present);
  /** A new template's id once its first save created it: its page opens then (below). */
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<unknown>(undefined);
  /** The loaded template's mode (a new one takes the current mode). */
  const [loadedTestMode, setLoadedTestMode] = useState<boolean | undefined>(undefined);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [panel, setPanel] = useState<'presets' | 'grid' | null>(null);
  const [tags, setTags] = useState<Tag[]>([]);
  const [saving, setSaving] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [zoom, setZoom] = useState(1);
  const wrapRef = useRef<HTMLDivElement>(null);
  // The version the editor loaded: a save is refused (412) when someone else saved the template meanwhile.
  const version = useRef<number | undefined>(undefined);
  // The template's title as loaded or last saved (a new one's default until then).
  usePageTitle(saved?.title);

  useEffect(() => {
    if (!templateId) return;
    const controller = new AbortController();
    templatesApi.get(owner, templateId, controller.signal).then(
      (t) => {
        version.current = t.version;
        setLoadedTestMode(t.testMode);
        const loaded: Doc = { title: t.title, width: t.width, height: t.height, payload: { variables: t.payload.variables, gridLines: t.payload.gridLines ?? 0 }, tagId: t.tagId ?? null, layers: t.layers };
        setHistory(historyOf(loaded));
        setSaved(loaded);
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        // Seed 001 §4: a missing template (deleted, or never there) goes back to the gallery.
        if (err instanceof ApiError && err.status === 404) void navigate(templatesPage(owner), { replace: true });
        else setLoadError(err);
      },
    );
    return () => controller.abort();
  }, [owner.collection, owner.id, templateId]);

  useEffect(() => {
    const controller = new AbortController();
    tagsApi.list(owner, testMode, controller.signal).then((list) => setTags(list), () => undefined);
    return () => controller.abort();
  }, [owner.collection, owner.id, testMode]);

  const doc = history?.present;
  useLeaveGuard(doc !== undefined && doc !== saved);
  // After the render that marked the new template saved, so the move to its page is not asked about.
  useEffect(() => {
    if (createdId) void navigate(templatesPage(owner, encodeURIComponent(createdId)), { replace: true });
  }, [createdId]);

  // The canvas fits its column (never above 100 %).
  useEffect(() => {
    const el = wrapRef.current;
    if (!el || !doc) return;
    const fit = () => setZoom(Math.min(1, Math.max(0.1, (el.clientWidth - 32) / doc.width)));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [doc?.width, !!doc]);

  const apply = useCallback((fn: (d: Doc) => Doc, live = false) => setHistory((h) => (h ? (live ? preview(h, fn(h.present)) : change(commit(h), fn(h.present))) : h)), []);
  const done = useCallback(() => setHistory((h) => (h ? commit(h) : h)), []);
  const setLayer = useCallback(
    (id: string, fn: (l: Layer) => Layer, live = false) => apply((d) => ({ ...d, layers: d.layers.map((l) => (l.id === id ? fn(l) : l)) }), live),
    [apply],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target)) return;
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        setHistory((h) => (h ? (e.shiftKey ? redo(h) : undo(h)) : h));
      } else if (mod && e.key.toLowerCase() === 'y') {
        e.preventDefault();
        setHistory((h) => (h ? redo(h) : h));
      } else if ((e.key === 'Delete' || e.key === 'Backspace') && selectedId) {
        apply((d) => ({ ...d, layers: d.layers.filter((l) => l.id !== selectedId || l.locked) }));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [apply, selectedId]);

  const previewTag = tags.find((t) => t.id === doc?.tagId);
  const values = useMemo(() => {
    const v = variableValues(doc?.payload.variables ?? [], previewTag ? { metadata: previewTag.metadata, url: `${window.location.origin}/tag/${encodeURIComponent(previewTag.code)}` } : undefined);
    if (!v.has('url')) v.set('url', `${window.location.origin}/tag/preview`);
    return v;
  }, [doc?.payload.variables, previewTag]);

  if (loadError) return <p role="alert">{errorMessage(loadError)}</p>;
  // Seed 001 §4: a template of the other mode asks to switch (or go back to the gallery) before it shows.
  if (loadedTestMode !== undefined && loadedTestMode !== testMode) return <ModeMismatch entity="Template" listPath={templatesPage(owner)} />;
  if (!history || !doc) return <p>Loading…</p>;

  const selected = doc.layers.find((l) => l.id === selectedId);
  const setPayload = (patch: Partial<TemplatePayload>, live = false) => apply((d) => ({ ...d, payload: { ...d.payload, ...patch } }), live);
  const update: LayerUpdate = (c, live) =>
    selected &&
    setLayer(selected.id, (l) => ({ ...l, ...c.box, options: { ...l.options, ...c.options } }) as Layer, live);

  const move = (id: string, by: number) =>
    apply((d) => {
      const i = d.layers.findIndex((l) => l.id === id);
      const j = i + by;
      if (i < 0 || j < 0 || j >= d.layers.length) return d;
      const layers = [...d.layers];
      [layers[i], layers[j]] = [layers[j]!, layers[i]!];
      return { ...d, layers };
    });

  const save = async () => {
    setSaving(true);
    try {
      if (templateId) {
        const answer = await templatesApi.update(owner, templateId, doc, version.current);
        // A save appends one event to the template's stream: the version it leaves is the next one.
        if (version.current !== undefined) version.current += 1;
        setSaved(doc);
        alerts.success(answer.message);
      } else {
        const answer = await templatesApi.create(owner, doc, testMode);
        setSaved(doc);
        alerts.success(answer.message);
        setCreatedId(answer.id);
      }
    } catch (err) {
      alerts.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="template-editor">
      <div className="tp-bar">
        <input type="text" aria-label="Template title" value={doc.title} onChange={(e) => apply((d) => ({ ...d, title: e.target.value }))} />
        <button type="button" className="tp-btn" disabled={!canUndo(history)} onClick={() => setHistory((h) => (h ? undo(h) : h))}>Undo</button>
        <button type="button" className="tp-btn" disabled={!canRedo(history)} onClick={() => setHistory((h) => (h ? redo(h) : h))}>Redo</button>
        <button type="button" className="tp-btn" onClick={() => void navigate(templatesPage(owner))}>Back</button>
        <button type="button" className="tp-btn" disabled={!templateId} onClick={() => setPrinting(true)}>Print</button>
        <button type="button" className="tp-btn" aria-pressed="true" disabled={saving} onClick={() => void save()}>{saving ? 'Saving…' : 'Save'}</button>
      </div>
      <div className="tp-editor">
        <div className="tp-side">
          <div className="tp-box">
            <h3>Add</h3>
            <div className="tp-adds">
              {ADDS.map((add) => (
                <button key={add.key} type="button" onClick={() => {
                  const layer = newLayer(add, doc);
                  apply((d) => ({ ...d, layers: [...d.layers, layer] }));
                  setSelectedId(layer.id);
                }}>
                  {add.label}
                </button>
              ))}
              <button type="button" aria-pressed={panel === 'presets'} onClick={() => setPanel((p) => (p === 'presets' ? null : 'presets'))}>Presets</button>
              <button type="button" aria-pressed={panel === 'grid'} onClick={() => setPanel((p) => (p === 'grid' ? null : 'grid'))}>Grid lines</button>
            </div>
          </div>
          {panel === 'presets' && (
            <div className="tp-box" data-testid="presets-panel">
              <h3>Presets</h3>
              <p className="tp-hint">{PRESETS_MESSAGE}</p>
            </div>
          )}
          {panel === 'grid' && (
            <div className="tp-box" data-testid="grid-panel">
              <h3>Grid lines</h3>
              <Slider name="gridLines" label="Grid lines" value={doc.payload.gridLines ?? 0} range={L.gridLines} onChange={(gridLines) => setPayload({ gridLines }, true)} onDone={done} />
              <p className="tp-hint">Layers snap to the grid lines and the canvas’s edges.</p>
            </div>
          )}
          <div className="tp-box">
            <h3>Canvas</h3>
            <label className="tp-field">
              <span>Width</span>
              <input type="number" aria-label="Canvas width" min={1} max={L.size.max} value={doc.width} onChange={(e) => Number(e.target.value) >= 1 && apply((d) => ({ ...d, width: Math.min(L.size.max, Math.round(Number(e.target.value))) }))} />
            </label>
            <label className="tp-field">
              <span>Height</span>
              <input type="number" aria-label="Canvas height" min={1} max={L.size.max} value={doc.height} onChange={(e) => Number(e.target.value) >= 1 && apply((d) => ({ ...d, height: Math.min(L.size.max, Math.round(Number(e.target.value))) }))} />
            </label>
          </div>
          <div className="tp-box">
            <h3>Layers</h3>
            {doc.layers.length === 0 && <p className="tp-hint">Add a layer to start.</p>}
            <ul className="tp-layers" aria-label="Layers">
              {[...doc.layers].reverse().map((l, i) => (
                <li key={l.id} className="tp-layer" aria-current={l.id === selectedId ? 'true' : undefined}>
                  <button type="button" className="tp-btn" title={l.title || layerTypeLabel[l.type]} onClick={() => setSelectedId(l.id)}>{l.title || layerTypeLabel[l.type]}</button>
                  <button type="button" className="tp-btn" aria-label={`Move ${l.title} up`} disabled={i === 0} onClick={() => move(l.id, 1)}>↑</button>
                  <button type="button" className="tp-btn" aria-label={`Move ${l.title} down`} disabled={i === doc.layers.length - 1} onClick={() => move(l.id, -1)}>↓</button>
                  <button type="button" className="tp-btn" aria-label={`Hide ${l.title}`} aria-pressed={!!l.hidden} onClick={() => setLayer(l.id, (x) => ({ ...x, hidden: !x.hidden }))}>{l.hidden ? 'Show' : 'Hide'}</button>
                  <button type="button" className="tp-btn" aria-label={`Lock ${l.title}`} aria-pressed={!!l.locked} onClick={() => setLayer(l.id, (x) => ({ ...x, locked: !x.locked }))}>{l.locked ? 'Unlock' : 'Lock'}</button>
                  <button type="button" className="tp-btn" aria-label={`Delete ${l.title}`} onClick={() => apply((d) => ({ ...d, layers: d.layers.filter((x) => x.id !== l.id) }))}>✕</button>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="tp-stage-wrap" ref={wrapRef}>
          <TemplateCanvas
            doc={{ width: doc.width, height: doc.height, layers: doc.layers, gridLines: doc.payload.gridLines ?? 0 }}
            values={values}
            zoom={zoom}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onChange={(id, patch) => setLayer(id, (l) => {
              const { rotate, ...box } = patch;
              return { ...l, ...box, options: rotate === undefined ? l.options : { ...l.options, rotate } } as Layer;
            }, true)}
            onGestureEnd={done}
          />
        </div>
        <div className="tp-side">
          {selected ? <LayerPanel key={selected.id} layer={selected} update={update} done={done} /> : <p className="tp-hint">Select a layer to edit it.</p>}
          <div className="tp-box">
            <h3>Variables</h3>
            <label className="tp-field">
              <span>Preview tag</span>
              <select aria-label="Preview tag" value={doc.tagId ?? ''} onChange={(e) => apply((d) => ({ ...d, tagId: e.target.value || null }))}>
                <option value="">None</option>
                {tags.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
              </select>
            </label>
            {doc.payload.variables.map((v, i) => (
              <div className="tp-pair" key={i}>
                <input aria-label={`Variable ${i + 1} key`} placeholder="Key" value={v.key} onChange={(e) => setPayload({ variables: doc.payload.variables.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)) })} />
                <input aria-label={`Variable ${i + 1} value`} placeholder="Value" value={v.value} onChange={(e) => setPayload({ variables: doc.payload.variables.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) })} />
                <button type="button" className="tp-btn" aria-label={`Remove variable ${i + 1}`} onClick={() => setPayload({ variables: doc.payload.variables.filter((_, j) => j !== i) })}>✕</button>
              </div>
            ))}
            <button type="button" className="tp-btn" onClick={() => setPayload({ variables: [...doc.payload.variables, { key: '', value: '' }] })}>Add variable</button>
          </div>
        </div>
      </div>
      {printing && templateId && <PrintDialog owner={owner} templateId={templateId} title={doc.title} tags={tags} onClose={() => setPrinting(false)} />}
    </div>
  );
}
