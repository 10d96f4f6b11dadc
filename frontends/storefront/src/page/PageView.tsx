import { Suspense, lazy, useCallback, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { StorefrontDocument } from '../domain/types';
import { Dialog } from '../parts/Dialog';
import { navigate } from '../router';
import { runAction, type ActionTargets } from './actions';
import { PageContext, type PageContextValue } from './context';
import type { AlertColor, PageBlock, PageData, PagePanel } from './types';
import { visibilityClass, visibilityCss } from './visibility';

type Renderer = LazyExoticComponent<ComponentType<{ block: PageBlock<never> }>>;

/**
 * One lazy chunk per block type (issue 25): a page without a block type never downloads its code.
 * The editor is the dashboard's; nothing of it is here.
 */
const renderers: Record<string, Renderer> = {
  hero: lazy(() => import('./blocks/Hero')),
  richText: lazy(() => import('./blocks/RichText')),
  markdown: lazy(() => import('./blocks/Markdown')),
  image: lazy(() => import('./blocks/Image')),
  productGrid: lazy(() => import('./blocks/ProductGrid')),
  buttonGroup: lazy(() => import('./blocks/ButtonGroup')),
  links: lazy(() => import('./blocks/Links')),
  promoBanner: lazy(() => import('./blocks/PromoBanner')),
  cards: lazy(() => import('./blocks/Cards')),
  spacer: lazy(() => import('./blocks/Spacer')),
};

const css = `${visibilityCss}
.pb-blocks{display:flex;flex-direction:column}
.pb-pad{padding:12px 16px}.pb-pad h2{margin-bottom:8px}
.pb-hero{padding:32px 16px;background:#f5f5f5 center/cover no-repeat;display:flex;flex-direction:column;gap:8px;align-items:flex-start}
.pb-hero[style]{color:#fff;text-shadow:0 1px 3px #000a;min-height:180px;justify-content:flex-end}
.pb-text{padding:12px 16px}.pb-text>*+*{margin-top:8px}
.pb-img{display:block;width:100%;height:auto}
.pb-plain{all:unset;cursor:pointer;display:block;width:100%}
.pb-row{display:flex;flex-wrap:wrap;gap:8px}
.pb-btn{font:inherit;font-weight:600;border-radius:10px;padding:10px 16px;min-height:44px;cursor:pointer;border:1px solid var(--sf-primary);background:var(--sf-primary);color:var(--sf-on-primary)}
.pb-btn-secondary{background:#fff;color:var(--sf-primary-text)}.pb-btn-link{background:none;border:0;color:var(--sf-primary-text);text-decoration:underline;padding:8px 0}
.pb-grid{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.pb-card{display:flex;flex-direction:column;gap:4px;border:1px solid var(--sf-line);border-radius:12px;padding:8px;box-sizing:border-box}
.pb-card img{width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:8px}
.pb-links{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.pb-promo{all:unset;box-sizing:border-box;display:block;margin:8px 16px;padding:12px;border-radius:10px;font-weight:600;cursor:default}
button.pb-promo{cursor:pointer}
.pb-c-primary{background:#e8efff;color:#123a9c}.pb-c-secondary{background:#f0f0f0;color:#333}.pb-c-success{background:#e6f4ea;color:#1e5b2e}.pb-c-error{background:#fdecea;color:#8c1d18}.pb-c-info{background:#e5f4fb;color:#0b4a66}
.pb-alert{position:fixed;left:16px;right:16px;top:16px;z-index:20;max-width:608px;margin:auto}
.pb-fade{animation:pb-fade .25s ease-out}@keyframes pb-fade{from{opacity:0}to{opacity:1}}
.sf-dialog.pb-drawer{margin:0 auto 0 0;height:100%;max-height:none;border-radius:0 16px 16px 0;width:min(88vw,420px)}
.sf-dialog.pb-popup{margin:auto;border-radius:16px}
`;

type Kind = 'drawer' | 'popup' | 'sheet';

/** A list of blocks, each lazily rendered, hidden at the sizes it is not visible at. */
function Blocks({ blocks }: { blocks: PageBlock[] }) {
  return (
    <div className="pb-blocks">
      {blocks.map((block) => {
        const Renderer = renderers[block.type];
        if (!Renderer) return null;
        return (
          <div key={block.id} className={visibilityClass(block.visibility) || undefined} data-block={block.type} data-testid="page-block">
            <Suspense fallback={null}>
              <Renderer block={block as PageBlock<never>} />
            </Suspense>
          </div>
        );
      })}
    </div>
  );
}

function Panel({ kind, panel, onClose, closeLabel }: { kind: Kind; panel: PagePanel; onClose(): void; closeLabel: string }) {
  const titleId = `pb-${kind}-${panel.id}`;
  return (
    <Dialog labelledBy={titleId} onClose={onClose} testId={`page-${kind}`} className={`pb-${kind}`}>
      <div className={`pb-${kind}-body`}>
        <div className="pb-pad pb-row" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <h2 id={titleId}>{panel.title || panel.id}</h2>
          <button type="button" className="pb-btn pb-btn-link" onClick={onClose}>
            {closeLabel}
          </button>
        </div>
        <Blocks blocks={panel.blocks} />
      </div>
    </Dialog>
  );
}

/** The merchant's published page above the menus: blocks, tabs (views), drawers, popups, sheets and actions. */
export default function PageView({ doc, page, onOpenProduct, closeLabel }: { doc: StorefrontDocument; page: PageData; onOpenProduct(id: string): void; closeLabel: string }) {
  const [open, setOpen] = useState<{ kind: Kind; id: string } | null>(null);
  const [tab, setTab] = useState<{ id: string; animate: boolean } | null>(null);
  const [alert, setAlert] = useState<{ color: AlertColor; message: string } | null>(null);

  const targets = useMemo<ActionTargets>(
    () => ({
      open: (kind, id) => setOpen({ kind, id }),
      close: (kind, id) => setOpen((current) => (current && current.kind === kind && current.id === id ? null : current)),
      tab: (id, animate) => setTab({ id, animate }),
      alert: (color, message) => setAlert({ color, message }),
      navigate: (href, transition) => {
        setOpen(null);
        const go = () => (href.startsWith('#') ? document.getElementById(href.slice(1))?.scrollIntoView({ behavior: 'smooth' }) : navigate(href));
        const start = (document as Document & { startViewTransition?: (fn: () => void) => unknown }).startViewTransition;
        if (transition !== 'none' && start) start.call(document, go);
        else go();
      },
      leave: (href, target) => {
        if (target === '_blank') window.open(href, '_blank', 'noopener');
        else if (href.startsWith('/') || href.startsWith('#')) navigate(href);
        else location.assign(href);
      },
      fetch: (url) => void fetch(url, { credentials: url.startsWith('/') ? 'same-origin' : 'omit' }).catch(() => undefined),
      logout: () => void fetch('/v1/auth/logout', { method: 'POST', credentials: 'same-origin' }).finally(() => location.reload()),
    }),
    [],
  );

  const run = useCallback<PageContextValue['run']>((action) => runAction(action, targets), [targets]);
  const context = useMemo<PageContextValue>(() => ({ doc, run, openProduct: onOpenProduct }), [doc, run, onOpenProduct]);
  const panel = open ? (open.kind === 'drawer' ? page.drawers : page.views).find((p) => p.id === open.id) : undefined;
  const view = tab ? page.views.find((v) => v.id === tab.id) : undefined;

  return (
    <PageContext.Provider value={context}>
      <style>{css}</style>
      <Blocks blocks={page.blocks} />
      {view ? (
        <section key={view.id} className={tab?.animate ? 'pb-fade' : undefined} aria-label={view.title || view.id} data-testid="page-tab">
          <Blocks blocks={view.blocks} />
        </section>
      ) : null}
      {alert ? (
        <p role="alert" className={`pb-promo pb-alert pb-c-${alert.color}`} onClick={() => setAlert(null)}>
          {alert.message}
        </p>
      ) : null}
      {open && panel ? <Panel kind={open.kind} panel={panel} onClose={() => setOpen(null)} closeLabel={closeLabel} /> : null}
    </PageContext.Provider>
  );
}
