import { formatMajor } from '../../domain/money';
import type { StorefrontProduct } from '../../domain/types';
import { usePage } from '../context';
import type { PageBlock } from '../types';

/** Bound to the live catalog: a menu's products, or the products named, as the document has them now. */
export default function ProductGrid({ block }: { block: PageBlock<{ title: string; menuId: string; productIds: string[]; columns: number }> }) {
  const { doc, openProduct } = usePage();
  const { title, menuId, productIds, columns } = block.props;
  const ids = menuId ? (doc.menus.find((menu) => menu.id === menuId)?.products ?? []) : productIds;
  const products = ids.map((id) => doc.products[id]).filter((p): p is StorefrontProduct => !!p);
  if (products.length === 0) return null;
  return (
    <section data-pb="productGrid" className="pb-pad">
      {title ? <h2>{title}</h2> : null}
      <ul className="pb-grid" style={{ gridTemplateColumns: `repeat(${columns},minmax(0,1fr))` }}>
        {products.map((p) => (
          <li key={p.id}>
            <button type="button" className="pb-card pb-plain" disabled={p.soldOut} onClick={() => openProduct(p.id)}>
              {p.images[0] ? <img src={p.images[0]} alt="" loading="lazy" /> : null}
              <strong>{p.title}</strong>
              <span>{formatMajor(p.price, doc.merchant.checkoutOptions.currency)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
