import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageBlock } from './types';
import { visibilityClass } from './visibility';

type Renderer = LazyExoticComponent<ComponentType<{ block: PageBlock<never> }>>;

/**
 * One lazy chunk per block type (issue 25): a page without a block type never downloads its code.
 * The storefront and the editor's preview draw blocks with these same renderers.
 */
const renderers: Record<string, Renderer> = {
  hero: lazy(() => import('./blocks/Hero')),
  richText: lazy(() => import('./blocks/RichText')),
  markdown: lazy(() => import('./blocks/Markdown')),
  image: lazy(() => import('./blocks/Image')),
  productGrid: lazy(() => import('./blocks/ProductGrid')),
  buttonGroup: lazy(() => import('./blocks/ButtonGroup')),
  links: lazy(() => import('./blocks/Links')),
  promoBanner: lazy(() => import('./blocks/PromoBanner')),
  cards: lazy(() => import('./blocks/Cards')),
  spacer: lazy(() => import('./blocks/Spacer')),
};

/** One block as diners see it (nothing for a type this renderer does not know). */
export function PageBlockView({ block }: { block: PageBlock }) {
  const Renderer = Object.hasOwn(renderers, block.type) ? renderers[block.type] : undefined;
  if (!Renderer) return null;
  return (
    <Suspense fallback={null}>
      <Renderer block={block as PageBlock<never>} />
    </Suspense>
  );
}

/** A list of blocks, each hidden (by the viewport's width) at the sizes it is not visible at. */
export function Blocks({ blocks }: { blocks: PageBlock[] }) {
  return (
    <div className="pb-blocks">
      {blocks.filter((block) => Object.hasOwn(renderers, block.type)).map((block) => (
        <div key={block.id} className={visibilityClass(block.visibility) || undefined} data-block={block.type} data-testid="page-block">
          <PageBlockView block={block} />
        </div>
      ))}
    </div>
  );
}
