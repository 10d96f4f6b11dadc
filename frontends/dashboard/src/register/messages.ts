/** Seed 000 §5 and §8: registration's texts, shared by the screens and the e2e spec. */
export const registerMessages = {
  placeRequired: 'Place is required',
  nameRequired: 'Name is required',
  handleRequired: 'Handle is required',
  handleTooShort: 'Please try a longer handle',
  placeSearchHint: 'Search for your business by name',
  noPlaces: 'No places found',
} as const;

/** Seed 000 §9. */
export const HANDLE_MIN_LENGTH = 4;

/** The three registration pages (seed 000 §2): their path, what they create and where they go next. */
export const registerKinds = [
  { path: 'merchant', collection: 'merchants', title: 'Create a merchant', singular: 'Merchant' },
  { path: 'venue', collection: 'venues', title: 'Create a venue', singular: 'Venue' },
  { path: 'app', collection: 'apps', title: 'Create an app', singular: 'App' },
] as const;

export type RegisterKind = (typeof registerKinds)[number];
