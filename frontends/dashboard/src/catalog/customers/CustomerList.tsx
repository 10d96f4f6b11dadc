import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime, type ListColumn, ListScreen, QuickEditButton, QuickEditDrawer, useCollection } from '@seatside/ui/src/lists';
import { useTestMode } from '@seatside/ui/src/mode';
import { customerName, customersPage, customersPath, type Customer } from './api';
import { customerMessages as m } from './messages';

const PAGE_SIZES = [25, 50, 100] as const;

function customerColumns(merchantId: string): ListColumn<Customer>[] {
  const page = (c: Customer) => customersPage(merchantId, encodeURIComponent(c.id));
  return [
    { key: 'firstName', title: 'First Name', sortKey: 'firstName', render: (c) => <Link to={page(c)}>{c.firstName}</Link> },
    { key: 'lastName', title: 'Last Name', sortKey: 'lastName', render: (c) => c.lastName },
    { key: 'email', title: 'Email', sortKey: 'email', render: (c) => c.email },
    { key: 'phone', title: 'Phone', sortKey: 'phone', render: (c) => c.phone },
    { key: 'createdAt', title: 'Created At', sortKey: 'createdAt', render: (c) => formatDateTime(c.createdAt) },
    { key: 'updatedAt', title: 'Updated At', sortKey: 'updatedAt', render: (c) => formatDateTime(c.updatedAt) },
  ];
}

/** The quick edit's summary (seed 001 §2): name, mailto e-mail, tel phone, created-at. */
function customerSummary(customer: Customer | null) {
  return [
    { label: 'Name', value: customer ? customerName(customer) : '' },
    { label: 'Email', value: customer?.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—' },
    { label: 'Phone', value: customer?.phone ? <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}>{customer.phone}</a> : '—' },
    { label: 'Created At', value: formatDateTime(customer?.createdAt) },
  ];
}

/** /dashboard/merchants/{merchantId}/customers: the customers of the current mode, by first name. */
export default function CustomerList() {
  const { merchantId = '' } = useParams();
  const testMode = useTestMode((s) => s.testMode);
  const collection = useCollection<Customer>({ path: customersPath(merchantId), defaultSort: { sort: 'firstName', order: 'asc' }, testMode });
  const [quick, setQuick] = useState<Customer | null>(null);
  return (
    <>
      <ListScreen
        title={m.listTitle}
        collection={collection}
        columns={customerColumns(merchantId)}
        rowKey={(c) => c.id}
        add={{ label: m.add, to: customersPage(merchantId, 'new') }}
        searchable
        columnChooserKey="customers"
        pageSizes={PAGE_SIZES}
        actions={(c) => <QuickEditButton name={customerName(c)} onClick={() => setQuick(c)} />}
      />
      <QuickEditDrawer
        open={quick !== null}
        title={(quick && customerName(quick)) || m.entityTitle}
        onClose={() => setQuick(null)}
        summary={customerSummary(quick)}
        footer={quick && <Link to={customersPage(merchantId, encodeURIComponent(quick.id))}>{m.editTitle}</Link>}
      />
    </>
  );
}
