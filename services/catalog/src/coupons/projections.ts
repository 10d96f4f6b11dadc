import { DomainError, modeOf, uniqueClaims, type CollectionSpec, type InlineProjection, type ReadModelStore, type Tx } from '@seatside/chassis';
import { toMajor } from '../entities';
import { couponMessages, valueOf, type Coupon, type CouponEvent, type CouponType } from './coupon';

/** Sortable by every coupon column; `q` searches code and title (docs/catalog-api.md). */
export const coupons: CollectionSpec = {
  name: 'coupons',
  sortable: ['code', 'title', 'type', 'value', 'active', 'minimumOrderAmount', 'individualUse', 'timesRedeemed', 'createdAt', 'updatedAt'],
  searchable: ['code', 'title'],
  filterable: ['merchantId', 'testMode'],
};

/** The record as the API shows it: `value` a percent or major units, by `type`. `version` is the stream version (ETag). */
export type CouponDoc = Omit<Coupon, 'couponId' | 'discount' | 'minimumOrderAmountMinor'> & {
  id: string;
  type: CouponType;
  value: number;
  minimumOrderAmount: number;
  version: number;
};

/** The event's snapshot (minor units) as the API's document (major units). */
const docOf = ({ couponId, discount, minimumOrderAmountMinor, currency: _currency, ...coupon }: Coupon, version: number): CouponDoc => ({
  id: couponId, ...coupon, ...valueOf(discount), minimumOrderAmount: toMajor(minimumOrderAmountMinor), version,
});

/** A code is unique per merchant and mode; the claim is the coupon's while it holds that code. */
export const couponCodeClaims = (schema: string) => uniqueClaims(schema, 'coupon_code_claims');
const codeKey = (coupon: Pick<Coupon, 'merchantId' | 'testMode' | 'code'>) => `${coupon.merchantId}/${modeOf(coupon.testMode)}/${coupon.code}`;

export const projectCoupons =
  (readModels: ReadModelStore, schema: string): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<CouponDoc>(coupons, tx);
    const claims = couponCodeClaims(schema);
    const claimCode = async (tx: Tx, coupon: Coupon) => {
      if (!(await claims.claim(tx, codeKey(coupon), coupon.couponId))) {
        throw new DomainError('Conflict', couponMessages.codeTaken, { code: couponMessages.codeTaken });
      }
    };
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as CouponEvent;
      switch (event.type) {
        case 'CouponCreated':
        case 'CouponUpdated': {
          const { couponId, code } = event.data;
          const before = await docs.get(couponId);
          if (before && before.code !== code) await claims.release(tx, codeKey(before), couponId);
          await claimCode(tx, event.data);
          await docs.put(docOf(event.data, stored.streamVersion));
          break;
        }
        case 'CouponDeleted': {
          const before = await docs.get(event.data.couponId);
          if (before) await claims.release(tx, codeKey(before), event.data.couponId);
          await docs.delete(event.data.couponId);
          break;
        }
      }
    }
  };
