import type { Cart } from './cart';
import type { Menu } from './menu';
import type { QuotedLine } from './platform';

/** Seed 000 §3 "Voice order": what the page's summary shows and Checkout hands to the normal checkout. */
export interface VoiceOrder {
  merchantId: string;
  lineItems: {
    quantity: number;
    title: string;
    images: string[];
    /** The unit price with the chosen options, from the orders quote. */
    price: number;
    /** quantity × price, from the orders quote. */
    total: number;
    productId: string;
    modifiers: { modifierId: string; optionIds: string[] }[];
    /** The chosen options' labels, for the summary. */
    options: string[];
  }[];
  checkout: { currency: string };
}

/** The cart with the quote's prices, line by line (the quote answers the lines in the cart's order). */
export function voiceOrderOf(menu: Menu, cart: Cart, quoted: readonly QuotedLine[]): VoiceOrder {
  return {
    merchantId: menu.merchantId,
    lineItems: cart.map((line, i) => {
      const product = menu.products.get(line.productId);
      const price = quoted[i]?.productId === line.productId ? quoted[i] : undefined;
      if (!price) throw new Error(`the quote has no line ${i} for ${line.productId}`);
      return {
        quantity: line.quantity,
        title: product?.title ?? line.productId,
        images: product?.images ?? [],
        price: price.unitPrice,
        total: price.total,
        productId: line.productId,
        modifiers: line.modifiers,
        options: line.modifiers.flatMap((m) => m.optionIds.map((o) => product?.modifiers.find((pm) => pm.id === m.modifierId)?.options.find((x) => x.optionId === o)?.label ?? o)),
      };
    }),
    checkout: { currency: menu.currency },
  };
}
