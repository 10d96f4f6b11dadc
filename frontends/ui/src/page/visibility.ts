import type { VisibilitySize } from './types';

/** Seed 002 §9's sizes by width, each from its least width: xs < 600 px ≤ sm < 900 px ≤ md < 1200 px ≤ lg. */
export const SIZES: readonly { size: VisibilitySize; from: number }[] = [
  { size: 'xs', from: 0 },
  { size: 'sm', from: 600 },
  { size: 'md', from: 900 },
  { size: 'lg', from: 1200 },
];

/** The size a page of this width is (the editor's preview frames name their width). */
export function sizeAt(width: number): VisibilitySize {
  return [...SIZES].reverse().find(({ from }) => width >= from)?.size ?? 'xs';
}

/** Whether a block shows at a size (a block without a visibility shows at all of them). */
export const visibleAt = (visibility: readonly VisibilitySize[] | undefined, size: VisibilitySize): boolean => !visibility || visibility.includes(size);

/** The classes that hide a block at the sizes it is not visible at ('' when it shows at all). */
export function visibilityClass(visibility: readonly VisibilitySize[] | undefined): string {
  return SIZES.filter(({ size }) => !visibleAt(visibility, size)).map(({ size }) => `pb-hide-${size}`).join(' ');
}

/** The viewport's media query of each size: what the storefront hides by. */
function mediaOf(from: number, next: number | undefined): string {
  return [from > 0 ? `(min-width:${from}px)` : '', next !== undefined ? `(max-width:${next - 0.02}px)` : ''].filter(Boolean).join(' and ');
}

export const visibilityCss = SIZES.map(({ size, from }, at) => `@media ${mediaOf(from, SIZES[at + 1]?.from)}{.pb-hide-${size}{display:none!important}}`).join('');
