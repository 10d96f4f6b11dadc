import { useEffect } from 'react';

// Imported as '@seatside/ui/src/title', never from the package's barrel nor from a module it
// exports: a change to that graph renames the shared package's chunks in the shell's entry, which
// every first visit downloads (the storefront's too, on a byte budget).

/** The product's name: the title of a page that names nothing else, and the end of every other. */
export const PRODUCT_NAME = 'Seatside';

/** A page's browser title (WCAG 2.4.2 Page Titled): its heading, then the product. */
export function pageTitle(heading?: string): string {
  return heading ? `${heading} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * Names the browser tab after the page's heading (`undefined`: the product alone). Call it once per
 * page, never in a layout around pages: a parent's effect runs after its child's and would win.
 * Nothing is restored on leaving: the next page sets its own.
 */
export function usePageTitle(heading: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle(heading);
  }, [heading]);
}
