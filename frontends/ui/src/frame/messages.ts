/** The dashboard frame's words. */
export const frameMessages = {
  switchTenant: 'Switch business',
  thisTenant: 'This business',
  venue: 'venue',
  accountMenu: 'Account menu',
  account: 'Account',
  accountSettings: 'Account settings',
  signOut: 'Sign out',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  collapse: 'Collapse menu',
  expand: 'Expand menu',
  sandbox: 'sandbox',
  merchantName: 'Merchant',
  venueName: 'Venue',
  merchantNav: 'Merchant',
  venueNav: 'Venue',
} as const;
