import type { ChatCompletionTool } from 'openai/resources/chat/completions';

/** The part of the public storefront document (docs/storefront-api.md) voice ordering reads. */
export interface StorefrontDocument {
  merchant: { id: string; name: string; handle: string; checkoutOptions?: { currency?: string; fulfillmentTypes?: Record<string, boolean>; pickupMethods?: Record<string, boolean> } | null };
  menus?: { id: string; title: string; products: string[] }[];
  products: Record<string, { id: string; title: string; description?: string; price: number; images?: string[]; soldOut?: boolean; modifiers?: string[] }>;
  modifiers: Record<string, { id: string; title: string; options: { id: string; label: string; additionalCost: number }[]; minSelections?: number; maxSelections?: number }>;
}

export interface MenuOption {
  /** `{modifierId}:{optionId}`: unique across the menu, so the model names one option of one modifier. */
  ref: string;
  modifierId: string;
  optionId: string;
  label: string;
  additionalCost: number;
}

export interface MenuModifier {
  id: string;
  title: string;
  minSelections: number;
  maxSelections: number;
  options: MenuOption[];
}

export interface MenuProduct {
  id: string;
  title: string;
  price: number;
  images: string[];
  modifiers: MenuModifier[];
}

/** A merchant's live catalog as the assistant may offer it: products not sold out, with their options. */
export interface Menu {
  merchantId: string;
  /** The sandbox catalog (the storefront's `?testMode=true` site): quoted and ordered in sandbox. */
  testMode: boolean;
  name: string;
  currency: string;
  products: ReadonlyMap<string, MenuProduct>;
}

export const optionRef = (modifierId: string, optionId: string) => `${modifierId}:${optionId}`;

/** The menu from the storefront document: every live product that is not sold out. */
export function menuOf(doc: StorefrontDocument, testMode = false): Menu {
  const products = new Map<string, MenuProduct>();
  for (const product of Object.values(doc.products)) {
    if (product.soldOut) continue;
    const modifiers = (product.modifiers ?? [])
      .map((id) => doc.modifiers[id])
      .filter((m): m is NonNullable<typeof m> => Boolean(m))
      .map((m) => ({
        id: m.id,
        title: m.title,
        minSelections: m.minSelections ?? 0,
        maxSelections: m.maxSelections ?? m.options.length,
        options: m.options.map((o) => ({ ref: optionRef(m.id, o.id), modifierId: m.id, optionId: o.id, label: o.label, additionalCost: o.additionalCost })),
      }));
    products.set(product.id, { id: product.id, title: product.title, price: product.price, images: product.images ?? [], modifiers });
  }
  return { merchantId: doc.merchant.id, testMode, name: doc.merchant.name, currency: doc.merchant.checkoutOptions?.currency ?? 'USD', products };
}

const money = (amount: number) => amount.toFixed(2);

/** The assistant's instructions: who it is, the rules, and the menu with ids (as the drive-thru examples do). */
export function instructionsOf(menu: Menu): string {
  return memo(instructionsMemo, menu, writeInstructions);
}

/** A menu's instructions and tools are the same for every turn on it (a cached menu is one object). */
const instructionsMemo = new WeakMap<Menu, string>();
const toolsMemo = new WeakMap<Menu, ChatCompletionTool[]>();
function memo<T>(store: WeakMap<Menu, T>, menu: Menu, make: (menu: Menu) => T): T {
  let value = store.get(menu);
  if (value === undefined) store.set(menu, (value = make(menu)));
  return value;
}

function writeInstructions(menu: Menu): string {
  const lines = [...menu.products.values()].map((p) => {
    const options = p.modifiers
      .map((m) => `${m.title} (${m.minSelections > 0 ? `choose at least ${m.minSelections}` : 'optional'}, at most ${m.maxSelections}): ${m.options.map((o) => `${o.ref} ${o.label}${o.additionalCost ? ` +${money(o.additionalCost)}` : ''}`).join('; ')}`)
      .join(' | ');
    return `- ${p.id}: ${p.title}, ${money(p.price)} ${menu.currency}${options ? `. Options: ${options}` : ''}`;
  });
  return [
    `You take food orders by voice for ${menu.name}. Answer in one or two short spoken sentences, no lists or markdown.`,
    'Use the tools to change the order: add_item, remove_item, set_quantity, list_items. Only items and options of this menu exist; never invent one.',
    'If a tool answers with an error, tell the guest and ask what they would like instead (for a missing choice, ask for it).',
    'Never state a total: the order summary on screen shows the prices.',
    lines.length > 0 ? `Menu (id: title, price):\n${lines.join('\n')}` : 'The menu is empty today: say nothing can be ordered.',
  ].join('\n');
}

/** The tools, with product and option ids as enums so the model can only name what exists. */
export function toolsOf(menu: Menu): ChatCompletionTool[] {
  return memo(toolsMemo, menu, writeTools);
}

function writeTools(menu: Menu): ChatCompletionTool[] {
  const productIds = [...menu.products.keys()];
  if (productIds.length === 0) return [];
  const optionRefs = [...menu.products.values()].flatMap((p) => p.modifiers.flatMap((m) => m.options.map((o) => o.ref)));
  const productId = { type: 'string', enum: productIds, description: 'The product id from the menu' };
  const fn = (name: string, description: string, properties: Record<string, unknown>, required: string[]): ChatCompletionTool => ({
    type: 'function',
    function: { name, description, strict: true, parameters: { type: 'object', properties, required, additionalProperties: false } },
  });
  return [
    fn(
      'add_item',
      'Add a product to the order, with its chosen options.',
      {
        productId,
        quantity: { type: 'integer', minimum: 1, description: 'How many' },
        optionIds: { type: 'array', items: optionRefs.length > 0 ? { type: 'string', enum: [...new Set(optionRefs)] } : { type: 'string' }, description: 'Chosen options, by id from the menu' },
      },
      ['productId', 'quantity', 'optionIds'],
    ),
    fn('remove_item', 'Remove a product from the order.', { productId }, ['productId']),
    fn('set_quantity', 'Change how many of a product are in the order (0 removes it).', { productId, quantity: { type: 'integer', minimum: 0 } }, ['productId', 'quantity']),
    fn('list_items', 'List what is in the order now.', {}, []),
  ];
}
