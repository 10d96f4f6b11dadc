export { SiteLayout } from './SiteLayout';
export { SiteHeader, Brand, useAccountLinks } from './SiteHeader';
export { SiteFooter } from './SiteFooter';
export { NavItem } from './NavItem';
export { docsUrl, mainLinks, signedInLinks, signedOutLinks, type NavLinkItem } from './links';
export { injectStyles, colors } from './styles';
