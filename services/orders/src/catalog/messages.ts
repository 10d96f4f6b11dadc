import type { catalogV1, commonV1 } from '@seatside/proto';
import { toBasisPoints } from '../pricing/money';
import { checkoutOptionsOf, type CheckoutOptions } from './checkout-options';
import type { CouponView, DayHoursView, MenuView, ModifierView, ProductView } from './view';

/**
 * The catalog's published messages (seatside.catalog.v1, decoded with the generated types of
 * @seatside/proto) as the orders view keeps them: only what checkout needs, in minor units. The
 * merchant and the mode are the envelope's tenant and test mode.
 */

type Owner = { merchantId: string; testMode: boolean };
export const ownerOf = (envelope: commonV1.EventEnvelope | undefined): Owner => ({ merchantId: envelope?.tenantId ?? '', testMode: envelope?.testMode ?? false });

/** int64 fields arrive as bigint; amounts stay far below 2^53. */
const int = (value: bigint | number | undefined): number => Number(value ?? 0);

export const productViewOf = (product: catalogV1.Product, owner: Owner): ProductView => ({
  id: product.productId,
  ...owner,
  title: product.title,
  priceMinor: int(product.priceMinor),
  manageStock: product.manageStock,
  modifiers: [...product.modifierIds],
});

export const modifierViewOf = (modifier: catalogV1.Modifier, owner: Owner): ModifierView => ({
  id: modifier.modifierId,
  ...owner,
  title: modifier.title,
  options: modifier.options.map((o) => ({ id: o.optionId, label: o.label, additionalCostMinor: int(o.additionalCostMinor) })),
  rules: {
    required: modifier.rules?.required ?? false,
    allowedMultiple: modifier.rules?.allowedMultiple ?? false,
    selectRestriction: modifier.rules?.selectRestriction ?? 0,
    requireSelectRestriction: modifier.rules?.requireSelectRestriction ?? false,
  },
});

/** A percent as basis points, 0 to 10,000 whatever the message holds (never a reason to stop the subscription). */
const percentBasisPoints = (percentOff: number): number =>
  !Number.isFinite(percentOff) || percentOff <= 0 ? 0 : percentOff >= 100 ? 10_000 : toBasisPoints(percentOff);

export const couponViewOf = (coupon: catalogV1.Coupon, owner: Owner): CouponView => ({
  id: coupon.couponId,
  ...owner,
  code: coupon.code.toUpperCase(),
  active: coupon.active,
  type: coupon.discount.case === 'amountOffMinor' ? 'FIXED' : 'PERCENTAGE',
  value: coupon.discount.case === 'amountOffMinor' ? int(coupon.discount.value) : percentBasisPoints(coupon.discount.value ?? 0),
  minimumOrderMinor: int(coupon.minimumOrderAmountMinor),
  applyToAllProducts: coupon.applyToAllProducts,
  products: [...coupon.productIds],
});

export const menuViewOf = (menu: catalogV1.Menu, owner: Owner): MenuView => ({
  id: menu.menuId,
  ...owner,
  availability:
    !menu.availability || menu.availability.allDay
      ? { allDayMenu: true, begin: null, end: null }
      : { allDayMenu: false, begin: menu.availability.begin || null, end: menu.availability.end || null },
  products: [...menu.productIds],
});

/** Seed 002 §9: the catalog's default time zone, for a merchant without one. */
export { DEFAULT_TIME_ZONE } from '@seatside/rules';

/** Seven days, Sunday first, HHMM in the merchant's zone (checkout/hours.ts treats a missing day as closed). */
export const hoursViewOf = (hours: readonly catalogV1.DayHours[]): DayHoursView[] =>
  hours.map((d) => ({ day: d.day, isOpen: d.isOpen, openAllDay: d.openAllDay, open: d.openTime || null, close: d.closeTime || null }));

/** The message's checkout options laid over the defaults (a field it lacks, or holds out of range, keeps its default). */
export function checkoutOptionsFromMessage(o: catalogV1.CheckoutOptions | undefined): CheckoutOptions {
  if (!o) return checkoutOptionsOf(undefined);
  return checkoutOptionsOf({
    fulfillmentTypes: { DELIVERY: o.fulfillmentTypes?.delivery, PICKUP: o.fulfillmentTypes?.pickup, SELF_CHECKOUT: o.fulfillmentTypes?.selfCheckout, TAG: o.fulfillmentTypes?.tag, TAB: o.fulfillmentTypes?.tab },
    pickupMethods: { COUNTER: o.pickupMethods?.counter, TABLE: o.pickupMethods?.table, CURBSIDE: o.pickupMethods?.curbside, DRIVE_THROUGH: o.pickupMethods?.driveThrough },
    deliveryRaduis: o.deliveryRadius,
    deliveryFeeMinor: int(o.deliveryFeeMinor),
    paused: o.paused,
    paymentProcessor: o.paymentProcessor,
    forwardOrdersToSquare: o.forwardOrdersToSquare,
    collectTips: o.collectTips,
    preparationTime: o.preparationTimeMinutes,
    minimumOrderAmountMinor: int(o.minimumOrderAmountMinor),
    enablePayLater: o.enablePayLater,
    enableCoupons: o.enableCoupons,
    anonymousSelfCheckout: o.anonymousSelfCheckout,
    restrictUPCItemsToMenuTimes: o.restrictUpcItemsToMenuTimes,
    requireAgeRestriction: o.requireAgeRestriction,
    ageRestriction: o.ageRestriction,
    enableGroupOrdering: o.enableGroupOrdering,
    pickUpPaddingTime: o.pickUpPaddingTimeMinutes,
    pickupTimeSlotsInterval: o.pickupTimeSlotsIntervalMinutes,
    taxRate: o.taxRatePercent,
    currency: o.currency,
    chargePlatformFeeToCustomer: o.chargePlatformFeeToCustomer,
    chargeCustomerProcessingFee: o.chargeCustomerProcessingFee,
    chargeConvenienceFeeForCashTransactions: o.chargeConvenienceFeeForCashTransactions,
    convenienceFeeMinor: int(o.convenienceFeeMinor),
    tagDeliveryFeeMinor: int(o.tagDeliveryFeeMinor),
    enableTagMetadataEdit: o.enableTagMetadataEdit,
    maxOrdersPerSlot: o.maxOrdersPerSlot,
  });
}
