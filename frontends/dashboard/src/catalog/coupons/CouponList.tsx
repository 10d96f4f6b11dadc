import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime, type ListColumn, ListScreen, QuickEditButton, QuickEditDrawer, useCollection } from '@seatside/ui/src/lists';
import { useTestMode } from '@seatside/ui/src/mode';
import { useMerchantCurrency } from '../../merchant/currency';
import { couponsPage, couponsPath, discountText, type Coupon } from './api';
import { couponMessages as m } from './messages';

/** /dashboard/merchants/{merchantId}/coupons: the coupons of the current mode, by code. */
export default function CouponList() {
  const { merchantId = '' } = useParams();
  const testMode = useTestMode((s) => s.testMode);
  const currency = useMerchantCurrency(merchantId);
  const collection = useCollection<Coupon>({ path: couponsPath(merchantId), defaultSort: { sort: 'code', order: 'asc' }, testMode });
  const [quick, setQuick] = useState<Coupon | null>(null);

  const columns: ListColumn<Coupon>[] = [
    { key: 'code', title: 'Code', sortKey: 'code', render: (c) => <Link to={couponsPage(merchantId, encodeURIComponent(c.id))}>{c.code}</Link> },
    { key: 'title', title: 'Title', sortKey: 'title', render: (c) => c.title },
    { key: 'value', title: 'Discount', sortKey: 'value', render: (c) => discountText(c, currency) },
    { key: 'active', title: 'Status', sortKey: 'active', render: (c) => (c.active ? m.active : m.inactive) },
    { key: 'createdAt', title: 'Created At', sortKey: 'createdAt', render: (c) => formatDateTime(c.createdAt) },
  ];

  return (
    <>
      <ListScreen
        title={m.listTitle}
        collection={collection}
        columns={columns}
        rowKey={(c) => c.id}
        add={{ label: m.add, to: couponsPage(merchantId, 'new') }}
        searchable
        actions={(c) => <QuickEditButton name={c.code} onClick={() => setQuick(c)} />}
      />
      <QuickEditDrawer
        open={quick !== null}
        title={quick?.title || m.entityTitle}
        onClose={() => setQuick(null)}
        summary={[
          { label: 'Code', value: quick?.code },
          { label: 'Created At', value: formatDateTime(quick?.createdAt) },
        ]}
        footer={quick && <Link to={couponsPage(merchantId, encodeURIComponent(quick.id))}>{m.editTitle}</Link>}
      />
    </>
  );
}
