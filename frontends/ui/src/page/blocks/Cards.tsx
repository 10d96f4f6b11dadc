import { usePage } from '../context';
import type { PageAction, PageBlock } from '../types';

type Card = { title: string; text: string; image: string; action: PageAction | null };

export default function Cards({ block }: { block: PageBlock<{ title: string; columns: number; items: Card[] }> }) {
  const { run } = usePage();
  const { title, columns, items } = block.props;
  return (
    <section data-pb="cards" className="pb-pad">
      {title ? <h2>{title}</h2> : null}
      <ul className="pb-grid" style={{ gridTemplateColumns: `repeat(${columns},minmax(0,1fr))` }}>
        {items.map((card, i) => (
          <li key={i} className="pb-card">
            {card.image ? <img src={card.image} alt="" loading="lazy" /> : null}
            <strong>{card.title}</strong>
            {card.text ? <span>{card.text}</span> : null}
            {card.action ? (
              <button type="button" className="pb-btn pb-btn-link" onClick={() => run(card.action)}>
                {card.title}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
