/** The menu screens' strings (seed 001 §2, §3, §8; docs/catalog-api.md). */
export const menuMessages = {
  listTitle: 'Menus',
  /** Seed 001 §8's empty state for the menus (the tables keep 'All caught up! No results found!'). */
  empty: 'No menus found',
  add: 'New Menu',
  newTitle: 'New Menu',
  editTitle: 'Edit Menu',
  entity: 'menu',
  entityTitle: 'Menu',
  titleRequired: 'Title is required',
  timeAsHHMM: 'Please enter a time as HHMM',
  timeLike: 'Please enter a time like 11:00 AM',
  created: 'Menu Created',
  updated: 'Menu Updated',
  deleted: 'Menu Deleted',
  create: 'Create Menu',
  save: 'Save Menu',
  delete: 'Delete Menu',
  allDay: 'All day',
  allDayOn: 'Available all day',
  allDayOff: 'Available between two times',
  brandingHint: "Leave empty to use the merchant's.",
  // As the merchant's Branding settings word theirs ('Upload Banner', 'Upload Icon').
  uploadBanner: 'Upload Banner',
  uploadIcon: 'Upload Icon',
} as const;
