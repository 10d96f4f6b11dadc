// What opens on a diner's tap on the menu page: the product sheet and the cart. One lazy chunk
// (StorefrontPage), fetched on the first tap, so a first visit carries only the menu.
export { CartDialog } from '../cart/CartPanel';
export { ProductSheet } from './ProductSheet';
