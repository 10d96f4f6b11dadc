import { usePage } from '../context';
import type { PageAction, PageBlock } from '../types';

export default function Image({ block }: { block: PageBlock<{ src: string; alt: string; action: PageAction | null }> }) {
  const { run } = usePage();
  const { src, alt, action } = block.props;
  const img = <img data-pb="image" className="pb-img" src={src} alt={alt} loading="lazy" />;
  return action ? (
    <button type="button" className="pb-plain" onClick={() => run(action)}>
      {img}
    </button>
  ) : (
    img
  );
}
