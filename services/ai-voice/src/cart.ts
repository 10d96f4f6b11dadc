import { optionRef, type Menu } from './menu';

/** One line of the voice cart: what the diner chose (prices come from the orders quote). */
export interface CartLine {
  productId: string;
  quantity: number;
  modifiers: { modifierId: string; optionIds: string[] }[];
}

export type Cart = readonly CartLine[];

/** A tool call's outcome: the cart after it, and what the model is told. */
export interface ToolOutcome {
  cart: Cart;
  result: string;
  refused: boolean;
}

/** The most of one product a voice order may hold (the orders service allows more; a voice order does not need it). */
export const MAX_VOICE_QUANTITY = 99;

const refuse = (cart: Cart, result: string): ToolOutcome => ({ cart, result: `Error: ${result}`, refused: true });
const sameChoice = (a: CartLine['modifiers'], b: CartLine['modifiers']) => JSON.stringify(a) === JSON.stringify(b);

/** The cart described for the model. */
export function describeCart(menu: Menu, cart: Cart): string {
  if (cart.length === 0) return 'The order is empty.';
  return cart
    .map((line) => {
      const product = menu.products.get(line.productId);
      const options = line.modifiers.flatMap((m) => m.optionIds.map((o) => product?.modifiers.find((pm) => pm.id === m.modifierId)?.options.find((x) => x.optionId === o)?.label ?? o));
      return `${line.quantity} × ${product?.title ?? line.productId}${options.length ? ` (${options.join(', ')})` : ''}`;
    })
    .join('; ');
}

const isInt = (value: unknown, min: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= MAX_VOICE_QUANTITY;

/**
 * Applies one tool call to the cart. Anything that does not exist on this merchant's live menu (a
 * product, an option, an option of another product) is refused and the cart stays as it was; a
 * modifier's minimum and maximum are checked, so the model asks for a missing choice.
 */
export function applyTool(menu: Menu, cart: Cart, name: string, args: Record<string, unknown>): ToolOutcome {
  if (name === 'list_items') return { cart, result: describeCart(menu, cart), refused: false };
  const productId = typeof args.productId === 'string' ? args.productId : '';
  const product = menu.products.get(productId);
  if (!product) return refuse(cart, `there is no product "${productId}" on the menu; only items on the menu can be ordered`);

  if (name === 'remove_item') {
    if (!cart.some((l) => l.productId === productId)) return refuse(cart, `${product.title} is not in the order`);
    const next = cart.filter((l) => l.productId !== productId);
    return { cart: next, result: `Removed ${product.title}. ${describeCart(menu, next)}`, refused: false };
  }

  if (name === 'set_quantity') {
    if (!isInt(args.quantity, 0)) return refuse(cart, `the quantity must be a whole number from 0 to ${MAX_VOICE_QUANTITY}`);
    const index = cart.findIndex((l) => l.productId === productId);
    if (index < 0) return refuse(cart, `${product.title} is not in the order; add it first`);
    const quantity = args.quantity;
    const next = quantity === 0 ? cart.filter((_, i) => i !== index) : cart.map((l, i) => (i === index ? { ...l, quantity } : l));
    return { cart: next, result: `Done. ${describeCart(menu, next)}`, refused: false };
  }

  if (name === 'add_item') {
    if (!isInt(args.quantity, 1)) return refuse(cart, `the quantity must be a whole number from 1 to ${MAX_VOICE_QUANTITY}`);
    const refs = Array.isArray(args.optionIds) ? args.optionIds.filter((r): r is string => typeof r === 'string') : [];
    const modifiers: CartLine['modifiers'] = [];
    for (const modifier of product.modifiers) {
      const chosen = modifier.options.filter((o) => refs.includes(o.ref)).map((o) => o.optionId);
      if (chosen.length < modifier.minSelections) {
        return refuse(cart, `${product.title} needs a choice of ${modifier.title} (${modifier.options.map((o) => o.label).join(', ')}); ask the guest which`);
      }
      if (chosen.length > modifier.maxSelections) return refuse(cart, `${modifier.title} allows at most ${modifier.maxSelections} choice(s)`);
      if (chosen.length > 0) modifiers.push({ modifierId: modifier.id, optionIds: chosen });
    }
    const known = new Set(product.modifiers.flatMap((m) => m.options.map((o) => optionRef(m.id, o.optionId))));
    const unknown = refs.filter((r) => !known.has(r));
    if (unknown.length > 0) return refuse(cart, `${unknown.join(', ')} is not an option of ${product.title}`);
    const index = cart.findIndex((l) => l.productId === productId && sameChoice(l.modifiers, modifiers));
    const quantity = args.quantity;
    const next =
      index >= 0
        ? cart.map((l, i) => (i === index ? { ...l, quantity: Math.min(MAX_VOICE_QUANTITY, l.quantity + quantity) } : l))
        : [...cart, { productId, quantity, modifiers }];
    return { cart: next, result: `Added ${quantity} × ${product.title}. ${describeCart(menu, next)}`, refused: false };
  }

  return refuse(cart, `there is no tool "${name}"`);
}

/** A stored cart checked against today's menu: lines whose product or options are gone are dropped. */
export function cartOnMenu(menu: Menu, cart: Cart): Cart {
  return cart.filter((line) => {
    const product = menu.products.get(line.productId);
    return product && line.modifiers.every((m) => m.optionIds.every((o) => product.modifiers.some((pm) => pm.id === m.modifierId && pm.options.some((x) => x.optionId === o))));
  });
}
