import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListScreen, QuickEditDrawer, formatDateTime, formatMoney, useCollection, type ListColumn } from '@seatside/ui/src/lists';
import { useTestMode } from '@seatside/ui/src/mode';
import { useMerchantCurrency } from '../../merchant/currency';
import { productsPage, productsPath, type Product } from './api';
import { productMessages as m } from './messages';

const PAGE_SIZES = [25, 50, 100] as const;

function Thumbnail({ product }: { product: Product }) {
  const src = product.images?.[0];
  // An image that does not load shows the placeholder too.
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) return <img className="ls-thumb" src={src} alt="" loading="lazy" onError={() => setFailed(src)} />;
  return (
    <span className="ls-thumb ls-thumb-empty" data-testid="image-placeholder">
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <rect x="3" y="3" width="18" height="18" rx="2" />
        <circle cx="8.5" cy="8.5" r="1.5" />
        <path d="M21 15l-5-5L5 21" />
      </svg>
      <span className="ls-sr">No image</span>
    </span>
  );
}

function Check({ on }: { on: boolean }) {
  return (
    <>
      <span aria-hidden="true">{on ? '✓' : '✗'}</span>
      <span className="ls-sr">{on ? 'Yes' : 'No'}</span>
    </>
  );
}

function productColumns(merchantId: string, currency: string | undefined): ListColumn<Product>[] {
  return [
    { key: 'images', title: 'Images', render: (p) => <Thumbnail product={p} /> },
    { key: 'title', title: 'Title', sortKey: 'title', render: (p) => <Link to={productsPage(merchantId, encodeURIComponent(p.id))}>{p.title}</Link> },
    { key: 'description', title: 'Description', sortKey: 'description', render: (p) => p.description?.trim() || m.noDescription },
    { key: 'price', title: 'Price', sortKey: 'price', render: (p) => formatMoney(p.price, currency) },
    { key: 'manageStock', title: 'Manage Stock', sortKey: 'manageStock', render: (p) => <Check on={p.manageStock} /> },
    {
      key: 'stockQuantity',
      title: 'Stock Quantity',
      sortKey: 'stockQuantity',
      render: (p) =>
        p.manageStock ? (
          p.stockQuantity
        ) : (
          <>
            <span aria-hidden="true">∞</span>
            <span className="ls-sr">Unlimited</span>
          </>
        ),
    },
    { key: 'createdAt', title: 'Created At', sortKey: 'createdAt', render: (p) => formatDateTime(p.createdAt) },
    { key: 'updatedAt', title: 'Updated At', sortKey: 'updatedAt', render: (p) => formatDateTime(p.updatedAt) },
  ];
}

/** /dashboard/merchants/{merchantId}/products: the product table of seed 001 §2, of the current mode. */
export default function ProductList() {
  const { merchantId = '' } = useParams();
  const testMode = useTestMode((s) => s.testMode);
  const currency = useMerchantCurrency(merchantId);
  const collection = useCollection<Product>({ path: productsPath(merchantId), defaultSort: { sort: 'code', order: 'asc' }, testMode });
  const [quick, setQuick] = useState<Product | null>(null);
  return (
    <>
      <ListScreen
        title={m.listTitle}
        collection={collection}
        columns={productColumns(merchantId, currency)}
        rowKey={(p) => p.id}
        add={{ label: m.add, to: productsPage(merchantId, 'new') }}
        searchable
        columnChooserKey="products"
        pageSizes={PAGE_SIZES}
        actions={(p) => (
          <button type="button" className="ls-icon-button" onClick={() => setQuick(p)}>
            View<span className="ls-sr"> {p.title}</span>
          </button>
        )}
      />
      <QuickEditDrawer
        open={quick !== null}
        title={quick?.title || m.entityTitle}
        onClose={() => setQuick(null)}
        summary={[
          { label: 'Code', value: quick?.code || '—' },
          { label: 'Created At', value: formatDateTime(quick?.createdAt) },
        ]}
        footer={quick && <Link to={productsPage(merchantId, encodeURIComponent(quick.id))}>{m.editTitle}</Link>}
      />
    </>
  );
}
