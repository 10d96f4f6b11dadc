import type { PageBlock } from '../types';

export default function Links({ block }: { block: PageBlock<{ title: string; links: { title: string; href: string; target: '_self' | '_blank' }[] }> }) {
  return (
    <nav data-pb="links" className="pb-pad" aria-label={block.props.title || undefined}>
      {block.props.title ? <h2>{block.props.title}</h2> : null}
      <ul className="pb-links">
        {block.props.links.map((link, i) => (
          <li key={i}>
            <a href={link.href} target={link.target} rel={link.target === '_blank' ? 'noopener noreferrer' : undefined}>
              {link.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
