/** The coupon screens' strings (seed 001 §2, §5, §8; docs/catalog-api.md). */
export const couponMessages = {
  listTitle: 'Coupons',
  add: 'New Coupon',
  newTitle: 'New Coupon',
  editTitle: 'Edit Coupon',
  entity: 'coupon',
  entityTitle: 'Coupon',
  titleRequired: 'Title is required',
  codeRequired: 'Code is required',
  valueRequired: 'Discount value is required',
  notANumber: 'Value must be a number',
  typeRequired: 'Discount type is required',
  minimumRequired: 'Minimum order amount is required',
  created: 'Coupon Created',
  updated: 'Coupon Updated',
  deleted: 'Coupon Deleted',
  active: 'Active',
  inactive: 'Inactive',
  create: 'Create Coupon',
  save: 'Save Coupon',
  delete: 'Delete Coupon',
  productNotFound: 'Product not found',
} as const;

export const couponTypeLabels = { PERCENTAGE: 'Percentage', FIXED: 'Fixed amount' } as const;
