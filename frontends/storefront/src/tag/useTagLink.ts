import { useEffect } from 'react';
import { fetchTag } from '../api';
import type { CartStore } from '../cart/store';
import { tagLabel } from '../domain/tag';
import type { PublicTag } from '../domain/types';
import { useSearchParams } from '../router';

/** Remembers a resolved tag in the cart it belongs to: its id goes with the order, its label is shown. */
export const rememberTag = (store: CartStore, tag: PublicTag) => store.getState().setTag({ id: tag.id, code: tag.code, label: tagLabel(tag.metadata), metadata: tag.metadata });

/**
 * `/{handle}?tag={code}`: a link that names the merchant and a tag. The tag is resolved and kept
 * only when it is this merchant's, in this mode; the parameter then leaves the address.
 */
export function useTagLink(merchantId: string, testMode: boolean, store: CartStore): void {
  const [params, setParams] = useSearchParams();
  const code = params.get('tag');
  useEffect(() => {
    if (!code) return;
    const controller = new AbortController();
    fetchTag(code, controller.signal)
      .then((tag) => {
        if (tag.collection === 'merchants' && tag.tenantId === merchantId && tag.testMode === testMode) rememberTag(store, tag);
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
