/**
 * The page builder's rules that the catalog (which validates and serves the defaults), the
 * dashboard's editor and the storefront's renderer share (docs/catalog-api.md "Page builder").
 */

/** The storefront's menus carry this element id, so a `#menus` link (a new button's default) scrolls to them. */
export const MENUS_ANCHOR = 'menus';
