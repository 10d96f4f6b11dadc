import { z } from 'zod';
import { unavailable, validationFailed } from '@seatside/chassis';
import type { AiConfigured } from '@seatside/chassis/src/ai';
import { actionSchema, actionSchemas, blockSchema, blockSchemas, emptyPage, pageSchema, type ActionType, type BlockType, type Page } from './blocks';

/**
 * The page builder's AI assistant (seed 002 §2, §7): the prompt, the selected element's JSON Schema
 * and its current state go to the model with structured output against that schema; the JSON it
 * answers replaces the element in the editor (undo brings the old one back). A reply that does not
 * parse or validate changes nothing and says so quietly. Product grids keep only the catalog's real
 * product and menu ids: the assistant never invents products.
 */

export const aiMessages = {
  badPath: 'Choose a block, an action, a view, a drawer or the whole page',
  noChange: 'The assistant’s answer did not fit this element, so nothing changed. Try rephrasing.',
  promptRequired: 'Write what the assistant should do',
  failed: 'The assistant is unavailable, try again later',
} as const;

/** What a path names in the page: the whole page, a block, an action, or a view/drawer. */
export type ElementKind = 'page' | 'block' | 'action' | 'panel';

const BLOCK_PATH = /^(?:(?:views|drawers)\.\d+\.)?blocks\.\d+$/;
const PANEL_PATH = /^(?:views|drawers)\.\d+$/;
const ACTION_PATH = /^(?:(?:views|drawers)\.\d+\.)?blocks\.\d+\.props\.(?:button\.action|action|buttons\.\d+\.action|items\.\d+\.action)$/;

export function kindOf(path: string): ElementKind {
  if (path === '') return 'page';
  if (BLOCK_PATH.test(path)) return 'block';
  if (ACTION_PATH.test(path)) return 'action';
  if (PANEL_PATH.test(path)) return 'panel';
  throw validationFailed(aiMessages.badPath, { path: aiMessages.badPath });
}

/** The value at a dotted path ('blocks.2.props.action'), or undefined. */
export function valueAt(root: unknown, path: string): unknown {
  if (path === '') return root;
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);
}

const typeOf = (state: unknown) => (state && typeof state === 'object' && typeof (state as { type?: unknown }).type === 'string' ? (state as { type: string }).type : undefined);

const panelSchema = z.strictObject({ id: z.string(), title: z.string().default(''), blocks: z.array(blockSchema).default([]) });

/** The schema an element's reply must pass: a block or action keeps its type when it has one. */
export function schemaFor(kind: ElementKind, state: unknown): z.ZodType {
  const type = typeOf(state);
  switch (kind) {
    case 'page':
      return pageSchema;
    case 'panel':
      return panelSchema;
    case 'block':
      return type && type in blockSchemas ? blockSchemas[type as BlockType] : blockSchema;
    case 'action':
      return type && type in actionSchemas ? actionSchemas[type as ActionType] : actionSchema;
  }
}

/** The reply's JSON Schema: an object `{ element }` (OpenAI's structured output wants an object at the root). */
export function responseSchemaFor(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...json } = z.toJSONSchema(z.object({ element: schema }), { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return json;
}

/** The catalog the model may use: real menus and products only. */
export type CatalogFacts = { menus: { id: string; title: string; products: string[] }[]; products: { id: string; title: string; price: number }[] };

/**
 * Product grids keep only real ids; an unknown menu id is cleared. Answers the cleaned value and how
 * many ids were dropped.
 */
export function keepRealProducts<T>(value: T, facts: CatalogFacts): { value: T; dropped: number } {
  const products = new Set(facts.products.map((p) => p.id));
  const menus = new Set(facts.menus.map((m) => m.id));
  let dropped = 0;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    if (record.type === 'productGrid' && record.props && typeof record.props === 'object') {
      const props = record.props as { productIds?: string[]; menuId?: string };
      const productIds = (props.productIds ?? []).filter((id) => products.has(id) || (dropped++, false));
      const menuId = props.menuId && !menus.has(props.menuId) ? (dropped++, '') : props.menuId;
      return { ...record, props: { ...props, productIds, menuId } };
    }
    return Object.fromEntries(Object.entries(record).map(([key, child]) => [key, visit(child)]));
  };
  return { value: visit(value) as T, dropped };
}

export type AssistAnswer = { path: string; applied: true; value: unknown; message: string } | { path: string; applied: false; note: string };

export type AssistInput = { prompt: string; path: string; state?: unknown; draft: Page | null; facts: CatalogFacts };

const SYSTEM = [
  'You edit one element of a restaurant storefront page built from blocks.',
  'Answer only JSON matching the schema: {"element": <the new element>}.',
  'Keep the element\'s id and type unless asked to change them.',
  'Product grids may only use the product ids and menu ids listed in the catalog below; never invent products.',
].join(' ');

/** Asks the model for the element at `path` and checks its answer (schema, real product ids). */
export async function assist(ai: AiConfigured, input: AssistInput): Promise<AssistAnswer> {
  const kind = kindOf(input.path);
  const state = input.state !== undefined ? input.state : valueAt(input.draft ?? emptyPage(), input.path);
  const schema = schemaFor(kind, state);
  const catalog = {
    menus: input.facts.menus.map(({ id, title, products }) => ({ id, title, productIds: products })),
    products: input.facts.products.map(({ id, title, price }) => ({ id, title, price })),
  };
  let content: string | null | undefined;
  try {
    const answer = await ai.client.chat.completions.create({
      model: ai.model,
      messages: [
        { role: 'system', content: `${SYSTEM}\nCatalog: ${JSON.stringify(catalog)}` },
        { role: 'user', content: `Element (${kind}${input.path ? ` at ${input.path}` : ''}), current state: ${JSON.stringify(state ?? null)}\n\nRequest: ${input.prompt}` },
      ],
      response_format: { type: 'json_schema', json_schema: { name: `page_${kind}`, schema: responseSchemaFor(schema), strict: false } },
    });
    content = answer.choices[0]?.message.content;
  } catch {
    throw unavailable(aiMessages.failed);
  }
  const parsed = parseReply(content, schema);
  if (!parsed.ok) return { path: input.path, applied: false, note: aiMessages.noChange };
  const { value, dropped } = keepRealProducts(parsed.value, input.facts);
  const message = dropped > 0 ? `Done. ${dropped} product or menu id${dropped === 1 ? '' : 's'} not in your catalog left out.` : 'Done.';
  return { path: input.path, applied: true, value, message };
}

/** The reply's `element`, when it is JSON and passes the element's schema. */
export function parseReply(content: string | null | undefined, schema: z.ZodType): { ok: true; value: unknown } | { ok: false } {
  if (!content) return { ok: false };
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false };
  }
  const element = json && typeof json === 'object' && 'element' in json ? (json as { element: unknown }).element : undefined;
  const result = schema.safeParse(element);
  return result.success ? { ok: true, value: result.data } : { ok: false };
}
