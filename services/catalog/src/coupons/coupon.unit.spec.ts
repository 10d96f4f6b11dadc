import { spec } from '@seatside/chassis/src/testkit/decider';
import { couponDecider, discountOf, isPercentageTooLarge, valueOf, type Coupon, type CouponCommand, type CouponEvent, type CouponFields } from './coupon';

const at = '2026-11-22T12:00:00.000Z';
const later = '2026-11-23T09:30:00.000Z';
const fields: CouponFields = {
  title: 'Summer', description: '', code: 'SUMMER10', active: true, discount: { type: 'PERCENTAGE', percentOff: 10 }, minimumOrderAmountMinor: 0,
  individualUse: true, timesRedeemed: 0, applyToAllProducts: true, products: [],
};
const coupon: Coupon = { ...fields, couponId: 'c1', merchantId: 'm1', testMode: false, createdAt: at, updatedAt: at };
const create: CouponCommand = { type: 'CreateCoupon', data: { ...fields, couponId: 'c1', merchantId: 'm1', testMode: false, at } };
const created: CouponEvent = { type: 'CouponCreated', data: coupon };
const deleted: CouponEvent = { type: 'CouponDeleted', data: { couponId: 'c1', merchantId: 'm1', testMode: false, at: later } };

describe('coupon decider', () => {
  it('given nothing, when a coupon is created, then CouponCreated with the whole record, created and updated at the given time', () => {
    spec(couponDecider).given([]).when(create).then([created]);
  });

  it('given a coupon, when it is created again, then it is a conflict', () => {
    spec(couponDecider).given([created]).when(create).thenThrows('Conflict');
  });

  it('given a coupon, when some fields change, then CouponUpdated carries the whole record with the changes and the new time', () => {
    spec(couponDecider)
      .given([created])
      .when({ type: 'UpdateCoupon', data: { couponId: 'c1', merchantId: 'm1', changes: { active: false, discount: { type: 'FIXED', amountOffMinor: 250 } }, at: later } })
      .then([{ type: 'CouponUpdated', data: { ...coupon, active: false, discount: { type: 'FIXED', amountOffMinor: 250 }, updatedAt: later } }]);
  });

  it('given an updated coupon, when it is updated again, then the earlier change stands and the mode never changes', () => {
    const updated: CouponEvent = { type: 'CouponUpdated', data: { ...coupon, title: 'Summer sale', updatedAt: later } };
    spec(couponDecider)
      .given([created, updated])
      .when({ type: 'UpdateCoupon', data: { couponId: 'c1', merchantId: 'm1', changes: { code: 'SUMMER20' }, at: later } })
      .then([{ type: 'CouponUpdated', data: { ...coupon, title: 'Summer sale', code: 'SUMMER20', testMode: false, updatedAt: later } }]);
  });

  it('given a coupon, when it is deleted, then CouponDeleted with its merchant and mode', () => {
    spec(couponDecider).given([created]).when({ type: 'DeleteCoupon', data: { couponId: 'c1', merchantId: 'm1', at: later } }).then([deleted]);
  });

  it.each<[string, CouponEvent[], CouponCommand]>([
    ['nothing, when it is updated', [], { type: 'UpdateCoupon', data: { couponId: 'c1', merchantId: 'm1', changes: {}, at } }],
    ['a deleted coupon, when it is deleted again', [created, deleted], { type: 'DeleteCoupon', data: { couponId: 'c1', merchantId: 'm1', at } }],
    ['a deleted coupon, when it is updated', [created, deleted], { type: 'UpdateCoupon', data: { couponId: 'c1', merchantId: 'm1', changes: {}, at } }],
    ['another merchant’s coupon, when it is updated', [created], { type: 'UpdateCoupon', data: { couponId: 'c1', merchantId: 'm2', changes: {}, at } }],
    ['another merchant’s coupon, when it is deleted', [created], { type: 'DeleteCoupon', data: { couponId: 'c1', merchantId: 'm2', at } }],
  ])('given %s, then "Coupon not found"', (_, given, command) => {
    spec(couponDecider).given(given).when(command).thenThrows('NotFound', 'Coupon not found');
  });
});

describe('coupon amounts between the API and events', () => {
  it('given a FIXED value parsed to hundredths, then the event carries integer minor units, and back in major units', () => {
    expect(discountOf('FIXED', 1250)).toEqual({ type: 'FIXED', amountOffMinor: 1250 });
    expect(discountOf('FIXED', 99_999_999)).toEqual({ type: 'FIXED', amountOffMinor: 99_999_999 });
    expect(valueOf({ type: 'FIXED', amountOffMinor: 1250 })).toEqual({ type: 'FIXED', value: 12.5 });
  });

  it('given a PERCENTAGE value parsed to hundredths, then it is a percent (not money) both ways, 0 to 100', () => {
    expect(discountOf('PERCENTAGE', 1250)).toEqual({ type: 'PERCENTAGE', percentOff: 12.5 });
    expect(discountOf('PERCENTAGE', 10_000)).toEqual({ type: 'PERCENTAGE', percentOff: 100 });
    expect(valueOf({ type: 'PERCENTAGE', percentOff: 12.5 })).toEqual({ type: 'PERCENTAGE', value: 12.5 });
  });

  it('given a value in hundredths, when its type is PERCENTAGE and it is over 10,000 (100 %), then it is too large; a FIXED amount or no type never is', () => {
    expect(isPercentageTooLarge('PERCENTAGE', 10_000)).toBe(false);
    expect(isPercentageTooLarge('PERCENTAGE', 10_001)).toBe(true);
    expect(isPercentageTooLarge('PERCENTAGE', 15_000)).toBe(true);
    expect(isPercentageTooLarge('FIXED', 15_000)).toBe(false);
    expect(isPercentageTooLarge(undefined, 15_000)).toBe(false);
  });

  it('given a PERCENTAGE above 100, then ValidationFailed on value', () => {
    expect(() => discountOf('PERCENTAGE', 10_001)).toThrow(expect.objectContaining({ kind: 'ValidationFailed', message: 'A percentage must be between 0 and 100', errors: { value: 'A percentage must be between 0 and 100' } }));
  });
});
