import { QuickEditButton } from '@seatside/ui/src/lists';
import { Link } from 'react-router';
import type { Modifier } from './api';
import { modifierMessages as m } from './messages';

const optionCount = (modifier: Modifier) => {
  const count = modifier.options?.length ?? 0;
  return `${count} ${count === 1 ? 'option' : 'options'}`;
};

export interface ModifierCardsProps {
  rows: readonly Modifier[];
  pageOf(modifier: Modifier): string;
  onQuickEdit(modifier: Modifier): void;
}

/** The card-list variant of the modifier list (seed 001 §2): title, description, selections, options. */
export function ModifierCards({ rows, pageOf, onQuickEdit }: ModifierCardsProps) {
  return (
    <ul className="ls-cards" aria-label={m.listTitle}>
      {rows.map((modifier) => (
        <li key={modifier.id} className="ls-card" data-testid="list-row">
          <h2>
            <Link to={pageOf(modifier)}>{modifier.title}</Link>
          </h2>
          <p>{modifier.description?.trim() || m.noDescription}</p>
          <p>
            Select {modifier.minSelections}–{modifier.maxSelections} · {optionCount(modifier)}
          </p>
          <div>
            <QuickEditButton name={modifier.title} onClick={() => onQuickEdit(modifier)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
