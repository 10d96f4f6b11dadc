import { useEffect } from 'react';
import { fetchStorefront, fetchTag } from '../api';
import type { CartStore } from '../cart/store';
import { tagLabel } from '../domain/tag';
import type { PublicTag } from '../domain/types';
import { useSearchParams } from '../router';

/** Remembers a resolved tag in the cart it belongs to: its id goes with the order, its label is shown. */
export const rememberTag = (store: CartStore, tag: PublicTag) => store.getState().setTag({ id: tag.id, code: tag.code, label: tagLabel(tag.metadata), metadata: tag.metadata });

/**
 * Whether a tag takes this merchant's orders, in this mode (the orders service's rule): the
 * merchant's own, or a tag of a venue that links the merchant (read from the venue's public page).
 */
async function ordersFor(tag: PublicTag, merchantId: string, testMode: boolean, signal: AbortSignal): Promise<boolean> {
  if (tag.testMode !== testMode) return false;
  if (tag.collection === 'merchants') return tag.tenantId === merchantId;
  if (tag.collection !== 'venues') return false;
  const doc = await fetchStorefront(tag.tenantId, testMode, signal);
  return 'type' in doc && doc.type === 'venue' && doc.merchants.some((merchant) => merchant.id === merchantId);
}

/**
 * `/{handle}?tag={code}`: a link that names the merchant and a tag (a venue page's link to a stand
 * carries the venue's). The tag is resolved and kept only when it takes this merchant's orders in
 * this mode; the parameter then leaves the address.
 */
export function useTagLink(merchantId: string, testMode: boolean, store: CartStore): void {
  const [params, setParams] = useSearchParams();
  const code = params.get('tag');
  useEffect(() => {
    if (!code) return;
    const controller = new AbortController();
    fetchTag(code, controller.signal)
      .then(async (tag) => {
        if (await ordersFor(tag, merchantId, testMode, controller.signal)) rememberTag(store, tag);
      })
      .catch(() => undefined)
      .finally(() => {
        if (controller.signal.aborted) return;
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('tag');
            return next;
          },
          { replace: true },
        );
      });
    return () => controller.abort();
  }, [code, merchantId, testMode, store, setParams]);
}
