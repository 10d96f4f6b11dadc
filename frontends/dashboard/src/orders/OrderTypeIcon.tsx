import type { OrderType } from './api';
import { orderTypeLabel } from './messages';

const paths: Record<OrderType, string> = {
  // A scooter, a shopping bag, a phone with a check.
  DELIVERY: 'M3 16a2 2 0 1 0 4 0a2 2 0 1 0-4 0M17 16a2 2 0 1 0 4 0a2 2 0 1 0-4 0M7 16h8l3-6h-5M12 10V6h3',
  PICKUP: 'M5 8h14l-1 12H6zM9 8V6a3 3 0 0 1 6 0v2',
  // A seat.
  TAG: 'M6 3h12v9H6zM4 12h16v3H4zM6 15v6M18 15v6',
  TAB: 'M5 3h14v18H5zM8 8h8M8 12h8M8 16h5',
  SELF_CHECKOUT: 'M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM9.5 12l2 2l3.5-4',
};

/** The order type's icon (seed 001 §2), named for assistive technology. */
export function OrderTypeIcon({ type, withLabel = false }: { type: OrderType; withLabel?: boolean }) {
  const label = orderTypeLabel[type] ?? type;
  return (
    <span className="ord-type" data-testid="order-type">
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" role="img" aria-label={label}>
        <path d={paths[type] ?? paths.PICKUP} />
      </svg>
      {withLabel && <span>{label}</span>}
    </span>
  );
}
