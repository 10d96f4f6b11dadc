import { usePage } from '../context';
import type { PageBlock } from '../types';

/** Bound to the live catalog: a menu's products, or the products named, as they are now. */
export default function ProductGrid({ block }: { block: PageBlock<{ title: string; menuId: string; productIds: string[]; columns: number }> }) {
  const { gridProducts, openProduct } = usePage();
  const { title, columns } = block.props;
  const products = gridProducts(block.props);
  if (products.length === 0) return null;
  return (
    <section data-pb="productGrid" className="pb-pad">
      {title ? <h2>{title}</h2> : null}
      <ul className="pb-grid" style={{ gridTemplateColumns: `repeat(${columns},minmax(0,1fr))` }}>
        {products.map((p) => (
          <li key={p.id}>
            <button type="button" className="pb-card pb-plain" disabled={p.soldOut} onClick={() => openProduct(p.id)}>
              {p.image ? <img src={p.image} alt="" loading="lazy" /> : null}
              <strong>{p.title}</strong>
              <span>{p.price}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
