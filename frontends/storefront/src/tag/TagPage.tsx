import { useEffect, useState } from 'react';
import { ApiError, fetchStorefront, fetchTag } from '../api';
import { cartStore } from '../cart/store';
import { tagLabel } from '../domain/tag';
import type { PublicTag } from '../domain/types';
import { MessagePage, NotFoundPage } from '../Frame';
import { storefrontMessages as m } from '../messages';
import { navigate, useParams } from '../router';
import { inMode } from '../useStorefront';
import { rememberTag } from './useTagLink';

/** The merchant's handle from its storefront document, read by the merchant's id; null when it cannot be. */
async function handleOf(merchantId: string, testMode: boolean, signal: AbortSignal): Promise<string | null> {
  try {
    const doc = await fetchStorefront(merchantId, testMode, signal);
    return 'merchant' in doc ? doc.merchant.handle : doc.venue.handle;
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}

type TagLoad = { state: 'loading' } | { state: 'tag'; tag: PublicTag; label: string; problem?: string } | { state: 'missing' } | { state: 'error'; message: string };

/**
 * `/tag/{code}`: resolves the tag (`GET /v1/tags/{code}`), shows where the diner is ('Table 12 ·
 * Seat 2C'), remembers the tag in that merchant's (or venue's) cart (its id goes with the order) and
 * opens the storefront or the venue page. The tag names its tenant by id (`tenantId`); the storefront
 * document is read by that id to learn the handle.
 */
export function TagPage() {
  const { code = '' } = useParams();
  const [load, setLoad] = useState<TagLoad>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const tag = await fetchTag(code, controller.signal);
      const label = tagLabel(tag.metadata);
      setLoad({ state: 'tag', tag, label });
      const handle = tag.handle ?? (await handleOf(tag.tenantId, tag.testMode, controller.signal));
      if (!handle) return setLoad({ state: 'tag', tag, label, problem: m.storeUnavailable });
      // A venue's tag opens the venue's page (its stands), which carries the seat to the stand chosen;
      // a merchant's the menu. Either page keeps the tag under its own handle.
      rememberTag(cartStore(handle, tag.testMode), tag);
      navigate(inMode(`/${handle}`, tag.testMode), { replace: true });
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      if (error instanceof ApiError && error.status === 404) return setLoad({ state: 'missing' });
      setLoad({ state: 'error', message: error instanceof Error ? error.message : String(error) });
    });
    return () => controller.abort();
  }, [code]);

  if (load.state === 'missing') return <NotFoundPage title={m.tagNotFound} text={m.tagNotFoundText} />;
  if (load.state === 'error') return <MessagePage title={load.message} />;
  if (load.state === 'loading') return <MessagePage title={m.loading} busy />;
  return (
    <MessagePage title={load.label || load.tag.name} busy={!load.problem}>
      {load.problem ? <p>{load.problem}</p> : <p>{m.loading}</p>}
    </MessagePage>
  );
}
