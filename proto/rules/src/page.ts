/**
 * The page builder's rules that the catalog (which validates and serves the defaults), the
 * dashboard's editor and the storefront's renderer share (docs/catalog-api.md "Page builder").
 */

/** The storefront's menus carry this element id, so a `#menus` link (a new button's default) scrolls to them. */
export const MENUS_ANCHOR = 'menus';

/** A page link's address: relative (/, #) or http(s), mailto:, tel:; never `javascript:` or `data:` (the catalog's `href` rule, the renderers' guard). */
export const isPageHref = (href: string): boolean => /^(\/|#|https?:\/\/|mailto:|tel:)/i.test(href);

/** A block's, view's or drawer's id: letters, digits, - and _, unique across the page, its views and drawers. */
export const PAGE_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

/** The catalog's messages for a missing field and a bad or taken id, which the editor shows before a save. */
export const pageFieldMessages = {
  required: 'This field is required',
  idPattern: 'An id uses letters, digits, - and _',
  duplicateId: 'Each block, view and drawer needs its own id',
} as const;

/** Why an id cannot be given to a new view or drawer (the catalog refuses a save for the same reasons), or null. */
export function pageIdProblem(id: string, taken: ReadonlySet<string>): string | null {
  if (id === '') return pageFieldMessages.required;
  if (!PAGE_ID_PATTERN.test(id)) return pageFieldMessages.idPattern;
  return taken.has(id) ? pageFieldMessages.duplicateId : null;
}
