import { usePage } from '../context';
import type { PageBlock, PageButton } from '../types';

export default function ButtonGroup({ block }: { block: PageBlock<{ buttons: PageButton[]; align: 'start' | 'center' | 'end' }> }) {
  const { run } = usePage();
  return (
    <div data-pb="buttonGroup" className="pb-pad pb-row" style={{ justifyContent: block.props.align }}>
      {block.props.buttons.map((button, i) => (
        <button key={i} type="button" className={`pb-btn pb-btn-${button.variant}`} onClick={() => run(button.action)}>
          {button.label}
        </button>
      ))}
    </div>
  );
}
