import { formatMajor } from '@seatside/rules';
import { api } from '@seatside/ui';
import { ifMatch } from '@seatside/ui/src/lists';

export type CouponType = 'PERCENTAGE' | 'FIXED';

/** A coupon (seed 001 §3). */
export interface Coupon {
  id: string;
  title: string;
  description?: string;
  code: string;
  type: CouponType;
  active: boolean;
  value: number;
  minimumOrderAmount: number;
  individualUse: boolean;
  timesRedeemed?: number;
  applyToAllProducts: boolean;
  products: string[];
  testMode: boolean;
  createdAt: string;
  updatedAt: string;
}

export type CouponInput = Omit<Coupon, 'id' | 'createdAt' | 'updatedAt' | 'timesRedeemed'>;

interface Answer {
  id: string;
  message: string;
}

export const couponsPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/coupons`;
export const couponPath = (merchantId: string, id: string) => `${couponsPath(merchantId)}/${encodeURIComponent(id)}`;

/** Where the screens live: /dashboard/merchants/{merchantId}/coupons(/new, /{couponId}). */
export const couponsPage = (merchantId: string, rest = '') => `/dashboard${couponsPath(merchantId)}${rest ? `/${rest}` : ''}`;

export const couponsApi = {
  create: (merchantId: string, coupon: CouponInput) => api.post<Answer>(couponsPath(merchantId), coupon),
  update: (merchantId: string, id: string, coupon: Partial<CouponInput>, version?: number) => api.post<Answer>(couponPath(merchantId, id), coupon, ifMatch(version)),
  remove: (merchantId: string, id: string) => api.delete<Answer>(couponPath(merchantId, id)),
};

/** 'percentage shown with %, fixed with $' (seed 001 §9), or € for a merchant in EUR. */
export function discountText(coupon: Pick<Coupon, 'type' | 'value'>, currency = 'USD'): string {
  const value = Number(coupon.value ?? 0);
  return coupon.type === 'FIXED' ? formatMajor(value, currency) : `${value}%`;
}
