import { useCallback, useMemo, useState } from 'react';
import { Blocks } from '@seatside/ui/src/page/Blocks';
import { gridProductIds, PageContext, type PageContextValue } from '@seatside/ui/src/page/context';
import { blockCss } from '@seatside/ui/src/page/styles';
import type { AlertColor, PageData, PagePanel } from '@seatside/ui/src/page/types';
import { formatMajor } from '../domain/money';
import type { StorefrontDocument, StorefrontProduct } from '../domain/types';
import { Dialog } from '../parts/Dialog';
import { navigate } from '../router';
import { runAction, type ActionTargets } from './actions';

/** The blocks' own look is shared with the editor's preview (blockCss); the alert, tabs and sheets are the storefront's. */
const css = `${blockCss}
.pb-alert{position:fixed;left:16px;right:16px;top:16px;z-index:20;max-width:608px;margin:auto}
.pb-fade{animation:pb-fade .25s ease-out}@keyframes pb-fade{from{opacity:0}to{opacity:1}}
.sf-dialog.pb-drawer{margin:0 auto 0 0;height:100%;max-height:none;border-radius:0 16px 16px 0;width:min(88vw,420px)}
.sf-dialog.pb-popup{margin:auto;border-radius:16px}
`;

type Kind = 'drawer' | 'popup' | 'sheet';

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
  const context = useMemo<PageContextValue>(
    () => ({
      run,
      openProduct: onOpenProduct,
      gridProducts: (props) =>
        gridProductIds(props, doc.menus)
          .map((id) => doc.products[id])
          .filter((p): p is StorefrontProduct => !!p)
          .map((p) => ({ id: p.id, title: p.title, price: formatMajor(p.price, doc.merchant.checkoutOptions.currency), image: p.images[0], soldOut: p.soldOut })),
    }),
    [doc, run, onOpenProduct],
  );
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
