import { DomainError, modeOf, uniqueClaims, type CollectionSpec, type InlineProjection, type ReadModelStore, type Tx } from '@seatside/chassis';
import { couponMessages, type Coupon, type CouponEvent } from './coupon';

/** Sortable by every coupon column; `q` searches code and title (docs/catalog-api.md). */
export const coupons: CollectionSpec = {
  name: 'coupons',
  sortable: ['code', 'title', 'type', 'value', 'active', 'minimumOrderAmount', 'individualUse', 'timesRedeemed', 'createdAt', 'updatedAt'],
  searchable: ['code', 'title'],
  filterable: ['merchantId', 'testMode'],
};

/** `version` is the stream version, sent as the ETag for If-Match. */
export type CouponDoc = Omit<Coupon, 'couponId'> & { id: string; version: number };

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
          const { couponId, ...coupon } = event.data;
          const before = await docs.get(couponId);
          if (before && before.code !== coupon.code) await claims.release(tx, codeKey(before), couponId);
          await claimCode(tx, event.data);
          await docs.put({ id: couponId, ...coupon, version: stored.streamVersion });
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
