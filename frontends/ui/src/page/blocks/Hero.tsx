import { usePage } from '../context';
import type { PageBlock, PageButton } from '../types';

type Props = { title: string; subtitle: string; banner: string; button: PageButton | null };

export default function Hero({ block }: { block: PageBlock<Props> }) {
  const { run } = usePage();
  const { title, subtitle, banner, button } = block.props;
  return (
    <section data-pb="hero" className="pb-hero" style={banner ? { backgroundImage: `url("${encodeURI(banner)}")` } : undefined}>
      <h2>{title}</h2>
      {subtitle ? <p>{subtitle}</p> : null}
      {button ? (
        <button type="button" className={`pb-btn pb-btn-${button.variant}`} onClick={() => run(button.action)}>
          {button.label}
        </button>
      ) : null}
    </section>
  );
}
