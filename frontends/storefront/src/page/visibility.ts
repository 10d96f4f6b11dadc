import type { VisibilitySize } from './types';

/** Seed 002 §9's sizes by viewport width: xs < 600 px ≤ sm < 900 px ≤ md < 1200 px ≤ lg. */
export const SIZES: readonly { size: VisibilitySize; media: string }[] = [
  { size: 'xs', media: '(max-width:599.98px)' },
  { size: 'sm', media: '(min-width:600px) and (max-width:899.98px)' },
  { size: 'md', media: '(min-width:900px) and (max-width:1199.98px)' },
  { size: 'lg', media: '(min-width:1200px)' },
];

/** The classes that hide a block at the sizes it is not visible at ('' when it shows at all). */
export function visibilityClass(visibility: readonly VisibilitySize[] | undefined): string {
  if (!visibility) return '';
  return SIZES.filter(({ size }) => !visibility.includes(size)).map(({ size }) => `pb-hide-${size}`).join(' ');
}

export const visibilityCss = SIZES.map(({ size, media }) => `@media ${media}{.pb-hide-${size}{display:none!important}}`).join('');
