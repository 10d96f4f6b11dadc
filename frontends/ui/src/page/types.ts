/**
 * The page builder's published page as the storefront document carries it (docs/catalog-api.md
 * "Page builder"): validated by the catalog on save, so the storefront trusts its shape.
 */
export type VisibilitySize = 'xs' | 'sm' | 'md' | 'lg';
export type AlertColor = 'primary' | 'secondary' | 'success' | 'error' | 'info';

export type PageAction =
  | { type: 'navigate'; href: string; transition: string }
  | { type: 'link'; href: string; target: '_self' | '_blank' }
  | { type: 'setAlert'; color: AlertColor; message: string }
  | { type: 'fetch'; url: string }
  | { type: 'logout' }
  | { type: 'openDrawer' | 'closeDrawer' | 'openPopup' | 'closePopup' | 'openSheet' | 'closeSheet'; id: string }
  | { type: 'tabLink'; id: string; animate: boolean };

export type PageButton = { label: string; variant: 'primary' | 'secondary' | 'link'; action: PageAction };

export interface PageBlock<P = Record<string, unknown>> {
  id: string;
  type: string;
  visibility: VisibilitySize[];
  props: P;
}

export interface PagePanel {
  id: string;
  title: string;
  blocks: PageBlock[];
}

export interface PageData {
  blocks: PageBlock[];
  views: PagePanel[];
  drawers: PagePanel[];
}
