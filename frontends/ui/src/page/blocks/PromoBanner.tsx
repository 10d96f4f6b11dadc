import { usePage } from '../context';
import type { AlertColor, PageAction, PageBlock } from '../types';

export default function PromoBanner({ block }: { block: PageBlock<{ text: string; color: AlertColor; action: PageAction | null }> }) {
  const { run } = usePage();
  const { text, color, action } = block.props;
  return action ? (
    <button data-pb="promoBanner" type="button" className={`pb-promo pb-c-${color}`} onClick={() => run(action)}>
      {text}
    </button>
  ) : (
    <p data-pb="promoBanner" className={`pb-promo pb-c-${color}`}>{text}</p>
  );
}
