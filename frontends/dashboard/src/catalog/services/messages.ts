/** The service screens' strings (seed 001 §2, §5, §8; docs/catalog-api.md). */
export const serviceMessages = {
  listTitle: 'Services',
  add: 'New Service',
  newTitle: 'New Service',
  editTitle: 'Edit Service',
  entity: 'service',
  entityTitle: 'Service',
  titleRequired: 'Service name is required',
  priceRequired: 'Service price is required',
  pricePositive: 'Price must be positive',
  durationRequired: 'Service duration is required',
  durationPositive: 'Duration must be positive',
  taxRateInvalid: 'Tax rate must be a number of 0 or more',
  created: 'Service added successfully',
  updated: 'Service updated successfully',
  deleted: 'item has been deleted',
  orderSaved: 'Order saved',
  create: 'Add Service',
  save: 'Save Service',
  delete: 'Delete Service',
  addImage: 'Add image URL',
  noImages: 'No images yet.',
} as const;

/** 'Price: $12.50' (seed 001 §2: 'Price: ${price}'). */
export const priceText = (dollars: string) => `Price: ${dollars}`;

/** 'Duration: 45 minutes' (seed 001 §2). */
export const durationText = (minutes: number) => `Duration: ${minutes} minutes`;
