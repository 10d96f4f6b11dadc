/**
 * The documentation (header "Docs"): the API reference, a page of its own outside the web app
 * (gateway/src/api-reference.ts), so it opens in a new tab as an external site would.
 */
export const docsUrl = '/docs';

export interface NavLinkItem {
  label: string;
  to: string;
  external?: boolean;
}

/** Header navigation, in the order of seed 000 §2. */
export const mainLinks: NavLinkItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Features', to: '/features' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Blog', to: '/blog' },
  { label: 'Docs', to: docsUrl, external: true },
  { label: 'Contact', to: '/contact' },
];

export const signedInLinks: NavLinkItem[] = [{ label: 'My Account', to: '/account' }];

export const signedOutLinks: NavLinkItem[] = [
  { label: 'Sign in', to: '/auth/login' },
  { label: 'Get Started', to: '/auth/sign-up' },
];
