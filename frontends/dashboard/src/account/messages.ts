/** The spec's texts for the account area (seed 000 §2, §5, §8), shared by the screens and the e2e spec. */
export const accountMessages = {
  noApps: 'No Apps',
  noMerchants: 'No Merchants',
  noVenues: 'No Venues',
  required: 'Required*',
  displayNameRequired: 'Display name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email',
  passwordsDoNotMatch: 'Passwords do not match',
  profileUpdated: 'Account Details Updated',
  displayNameUpdated: 'Display name updated',
  emailUpdated: 'Email updated',
  passwordUpdated: 'Password updated successfully',
  noPasswordYet: 'Your account has no password yet. Set one to sign in with your email and a password.',
  photoUpdated: 'Profile photo updated',
  photoType: 'Please upload a PNG or JPEG image',
} as const;

/** The three tenant lists of the account page, in the spec's order. */
export const tenantKinds = [
  { key: 'apps', title: 'Apps', singular: 'App', empty: accountMessages.noApps, register: '/register/app', dashboard: '/dashboard/apps' },
  { key: 'merchants', title: 'Merchants', singular: 'Merchant', empty: accountMessages.noMerchants, register: '/register/merchant', dashboard: '/dashboard/merchants' },
  { key: 'venues', title: 'Venues', singular: 'Venue', empty: accountMessages.noVenues, register: '/register/venue', dashboard: '/dashboard/venues' },
] as const;

export type TenantKind = (typeof tenantKinds)[number];
