import type { ReactNode } from 'react';
import { icons } from './icons';

export interface MerchantSection {
  /** The path under /dashboard/merchants/:merchantId ('' is home). */
  path: string;
  label: string;
  icon: ReactNode;
}

/** Seed 001 §2: the side drawer's entries, in this order, each with an icon. */
export const merchantSections: readonly MerchantSection[] = [
  { path: '', label: 'Home', icon: icons.home },
  { path: 'menus', label: 'Menus', icon: icons.menus },
  { path: 'products', label: 'Products', icon: icons.products },
  { path: 'tags', label: 'Tags', icon: icons.tags },
  { path: 'coupons', label: 'Coupons', icon: icons.coupons },
  { path: 'templates', label: 'Templates', icon: icons.templates },
  { path: 'modifiers', label: 'Modifiers', icon: icons.modifiers },
  { path: 'orders', label: 'Orders', icon: icons.orders },
  { path: 'gallery', label: 'Gallery', icon: icons.gallery },
  { path: 'settings', label: 'Settings', icon: icons.settings },
];

export const merchantPath = (merchantId: string, section = '') =>
  `/dashboard/merchants/${encodeURIComponent(merchantId)}${section ? `/${section}` : ''}`;
