import { formatMajor } from '@seatside/rules';
import { gridProductIds, type PageProduct } from '@seatside/ui/src/page/context';

/**
 * The page builder editor's pure rules (issue 25; seed 002 §2–§4): the page as the catalog keeps it
 * (docs/catalog-api.md "Page builder"), undo/redo history, where a block lives, and the action
 * editor's type change.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface Block {
  id: string;
  type: string;
  visibility: string[];
  props: JsonObject;
}
export interface Panel {
  id: string;
  title: string;
  blocks: Block[];
}
export interface PageData {
  blocks: Block[];
  views: Panel[];
  drawers: Panel[];
}

/** What GET /v1/page-builder/schema answers. */
export interface PageSchemas {
  blocks: Record<string, JsonSchema>;
  actions: Record<string, JsonSchema>;
  blockDefaults: Record<string, JsonObject>;
  actionDefaults: Record<string, JsonObject>;
  enums: { visibilitySizes: string[]; transitions: string[]; alertColors: string[]; linkTargets: string[] };
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: Json[];
  const?: Json;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: Json;
  minimum?: number;
  maximum?: number;
  required?: string[];
}

export const emptyPage = (): PageData => ({ blocks: [], views: [], drawers: [] });

/**
 * Seed 002 §4: changing an action's type resets its options to that type's defaults, keeping the
 * existing values of options the new type also has.
 */
export function changeActionType(action: JsonObject, type: string, defaults: Record<string, JsonObject>): JsonObject {
  const options = defaults[type] ?? {};
  return { type, ...Object.fromEntries(Object.entries(options).map(([key, value]) => [key, key in action && key !== 'type' ? (action[key] as Json) : value])) };
}

/** Undo/redo over whole pages. */
export interface History {
  past: PageData[];
  present: PageData;
  future: PageData[];
}

export const historyOf = (page: PageData): History => ({ past: [], present: page, future: [] });
export const commit = (history: History, next: PageData): History =>
  next === history.present ? history : { past: [...history.past.slice(-99), history.present], present: next, future: [] };
export const undo = (history: History): History => {
  const previous = history.past.at(-1);
  return previous ? { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] } : history;
};
export const redo = (history: History): History => {
  const [next, ...rest] = history.future;
  return next ? { past: [...history.past, history.present], present: next, future: rest } : history;
};

/** Which list of blocks is edited: the page's own, or a view's or drawer's. */
export type ListRef = { kind: 'blocks' } | { kind: 'views' | 'drawers'; index: number };

export const blocksOf = (page: PageData, list: ListRef): Block[] => (list.kind === 'blocks' ? page.blocks : (page[list.kind][list.index]?.blocks ?? []));

export function withBlocks(page: PageData, list: ListRef, blocks: Block[]): PageData {
  if (list.kind === 'blocks') return { ...page, blocks };
  return { ...page, [list.kind]: page[list.kind].map((panel, i) => (i === list.index ? { ...panel, blocks } : panel)) };
}

/** The path of a block for the AI assistant ('blocks.2', 'drawers.0.blocks.1'). */
export const blockPath = (list: ListRef, index: number) => (list.kind === 'blocks' ? `blocks.${index}` : `${list.kind}.${list.index}.blocks.${index}`);

/** Every id the page holds: its blocks', its views' and drawers' (and their blocks'); a new one must be none of them. */
export const pageIds = (page: PageData): Set<string> =>
  new Set([...page.blocks, ...page.views, ...page.views.flatMap((v) => v.blocks), ...page.drawers, ...page.drawers.flatMap((d) => d.blocks)].map((item) => item.id));

/** A fresh id for a new block: its type and the next free number. */
export function newBlockId(page: PageData, type: string): string {
  const taken = pageIds(page);
  for (let n = 1; ; n++) if (!taken.has(`${type}-${n}`)) return `${type}-${n}`;
}

/** A field's label from its key: 'productIds' → 'Product ids'. */
export function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A short name for a block in the list: its type and its first text. */
export function blockName(block: Block): string {
  const text = ['title', 'text', 'markdown', 'html', 'alt'].map((key) => block.props[key]).find((value) => typeof value === 'string' && value.trim() !== '') as string | undefined;
  const firstLine = text?.replace(/<[^>]*>|[#*_`]/g, '').split('\n').map((line) => line.trim()).find(Boolean) ?? '';
  const short = firstLine.slice(0, 24);
  return short ? `${block.type}: ${short}` : block.type;
}

/** The merchant's live catalog as the editor's pickers offer it (product grids store ids, never names). */
export interface PageCatalog {
  products: { id: string; title: string; price: number; image?: string }[];
  menus: { id: string; title: string; products: string[] }[];
}

export const PRODUCT_NOT_FOUND = 'Product not found';
export const MENU_NOT_FOUND = 'Menu not found';
export const NO_MENU = 'No menu: the products chosen';

/**
 * The product picker's options: the catalog's products by title, then any chosen id the catalog no
 * longer has (so it can be seen and removed, never silently kept).
 */
export function productOptions(catalog: PageCatalog, chosen: readonly string[]): { value: string; label: string }[] {
  const known = new Set(catalog.products.map((p) => p.id));
  return [
    ...catalog.products.map((p) => ({ value: p.id, label: p.title })),
    ...chosen.filter((id) => !known.has(id)).map((id) => ({ value: id, label: PRODUCT_NOT_FOUND })),
  ];
}

/** The menu picker's options: none (the chosen products show), the catalog's menus, a chosen menu that is gone. */
export function menuOptions(catalog: PageCatalog, chosen: string): { value: string; label: string }[] {
  const gone = chosen !== '' && !catalog.menus.some((m) => m.id === chosen);
  return [{ value: '', label: NO_MENU }, ...catalog.menus.map((m) => ({ value: m.id, label: m.title })), ...(gone ? [{ value: chosen, label: MENU_NOT_FOUND }] : [])];
}

/**
 * A product grid's products in the preview, as the storefront shows them (the same menu-or-products
 * rule, the same price format); stock is not known here, so none shows sold out.
 */
export function gridProducts(catalog: PageCatalog, props: { menuId: string; productIds: string[] }, currency: string | undefined): PageProduct[] {
  const byId = new Map(catalog.products.map((p) => [p.id, p]));
  return gridProductIds(props, catalog.menus).flatMap((id) => {
    const product = byId.get(id);
    return product ? [{ id, title: product.title, price: formatMajor(product.price, currency), image: product.image, soldOut: false }] : [];
  });
}

/** What an action's `id` names: a drawer (open/closeDrawer) or a view (a tab's, popup's or sheet's content); null for other types. */
export function targetKind(actionType: string): 'drawer' | 'view' | null {
  if (actionType === 'openDrawer' || actionType === 'closeDrawer') return 'drawer';
  if (['tabLink', 'openPopup', 'closePopup', 'openSheet', 'closeSheet'].includes(actionType)) return 'view';
  return null;
}

/** The ids an action's `id` may name on this page: its drawers or its views, by the action's type; none for other types. */
export function targetIds(page: PageData, actionType: string): string[] {
  const kind = targetKind(actionType);
  return kind === null ? [] : page[kind === 'drawer' ? 'drawers' : 'views'].map((panel) => panel.id);
}

/** An id an action keeps that names nothing it can open (a drawer's id on a popup, a removed view). */
export const missingTarget = (id: string, kind: 'drawer' | 'view') => `${id} (no ${kind} has this id)`;

/**
 * The action Id select's options: the page's drawers or views by the action's type, then the chosen
 * id when it names none of them (kept by a type change or left by a removed one), so it is seen and
 * changed rather than saved to do nothing.
 */
export function targetOptions(page: PageData, actionType: string, chosen: string): { value: string; label: string }[] {
  const kind = targetKind(actionType);
  if (kind === null) return [];
  const ids = targetIds(page, actionType);
  return [...ids.map((id) => ({ value: id, label: id })), ...(chosen !== '' && !ids.includes(chosen) ? [{ value: chosen, label: missingTarget(chosen, kind) }] : [])];
}
