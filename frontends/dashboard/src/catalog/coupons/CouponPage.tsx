import { RecordPage, api, formatDateTime, type RecordKind } from '@seatside/ui/src/lists';
import { couponPath, couponsApi, couponsPage, type Coupon, type CouponInput } from './api';
import { CouponForm, couponFields, toCouponInput, toFormValues, type CouponFormValues } from './CouponForm';
import { couponMessages } from './messages';

/** A coupon as a record page sees it (seed 001 §2–§5). */
export const couponRecord: RecordKind<Coupon, CouponFormValues, CouponInput> = {
  messages: couponMessages,
  page: couponsPage,
  load: (merchantId, id, signal) => api.get<Coupon>(couponPath(merchantId, id), { signal }),
  create: couponsApi.create,
  update: couponsApi.update,
  remove: couponsApi.remove,
  fields: couponFields,
  toFormValues,
  toInput: toCouponInput,
  Fields: CouponForm,
  name: (coupon) => coupon.title,
  meta: (coupon) => (
    <p data-testid="coupon-meta">
      Redeemed {coupon.timesRedeemed ?? 0} times · Created {formatDateTime(coupon.createdAt)}
    </p>
  ),
};

/** /coupons/new and /coupons/{couponId}. */
export default function CouponPage() {
  return <RecordPage kind={couponRecord} />;
}
