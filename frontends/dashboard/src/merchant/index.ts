// The merchant dashboard frame: the integrator wires section screens into MerchantRoutes.
export { default as MerchantRoutes } from './MerchantRoutes';
export { MerchantLayout, useMerchantCard } from './MerchantLayout';
export { MerchantHome } from './MerchantHome';
export { merchantSections, merchantPath, type MerchantSection } from './sections';
