import { isHttpUrl } from '@seatside/rules';
import type { MerchantLink } from './types';

/**
 * The merchant's links the page shows: only those whose url is an http(s) address, so nothing else
 * (`javascript:`, `data:`) ever becomes an href. The catalog refuses other links when they are saved;
 * this is the page's own guard, for links saved before it did.
 */
export const linksToShow = (links: readonly MerchantLink[] | undefined): MerchantLink[] => (links ?? []).filter((link) => isHttpUrl(link.url));
