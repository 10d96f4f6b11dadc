import { useEffect } from 'react';

/**
 * Names the browser tab after a storefront page (WCAG 2.4.2 Page Titled): its heading, then whose
 * page it is (`Checkout · Stadium Grill`); the menu, the merchant alone, as the prerendered first
 * view has it. Called once per page, never in the frame around pages (a parent's effect runs after
 * its child's); `heading` undefined sets nothing. The storefront's own, not ui's usePageTitle: its
 * pages are a merchant's, not Seatside's, and its first visit is on a byte budget.
 */
export function useStoreTitle(heading: string | undefined, owner?: string): void {
  // No heading (the page shows another, a MessagePage's, or is loading): the title is left to that.
  const title = heading ? [heading, owner].filter(Boolean).join(' · ') : '';
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
