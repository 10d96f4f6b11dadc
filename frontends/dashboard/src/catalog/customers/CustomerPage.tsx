import { RecordPage, formatDateTime, type RecordKind } from '@seatside/ui/src/lists';
import { customersApi, customersPage, type Customer, type CustomerInput } from './api';
import { CustomerForm, customerFields, toCustomerInput, toFormValues, type CustomerFormValues } from './CustomerForm';
import { customerMessages } from './messages';

/** A customer as a record page sees it (seed 001 §2–§5). */
export const customerRecord: RecordKind<Customer, CustomerFormValues, CustomerInput> = {
  messages: customerMessages,
  page: customersPage,
  load: customersApi.get,
  create: customersApi.create,
  update: customersApi.update,
  remove: customersApi.remove,
  fields: customerFields,
  toFormValues,
  toInput: toCustomerInput,
  Fields: CustomerForm,
  name: (customer) => [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.email,
  meta: (customer) => <p data-testid="customer-meta">Created {formatDateTime(customer.createdAt)}</p>,
};

/** /customers/new and /customers/{customerId}. */
export default function CustomerPage() {
  return <RecordPage kind={customerRecord} />;
}
