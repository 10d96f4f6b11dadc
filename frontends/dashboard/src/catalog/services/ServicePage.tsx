import { RecordPage, formatDateTime, type RecordKind } from '@seatside/ui/src/lists';
import { servicesApi, servicesPage, type Service, type ServiceInput } from './api';
import { ServiceForm, serviceFields, toFormValues, toServiceInput, type ServiceFormValues } from './ServiceForm';
import { serviceMessages } from './messages';

/** A service as a record page sees it (seed 001 §2–§5, §8): after create, the new service's page. */
export const serviceRecord: RecordKind<Service, ServiceFormValues, ServiceInput> = {
  messages: serviceMessages,
  page: servicesPage,
  load: (merchantId, id, signal) => servicesApi.get(merchantId, id, signal),
  create: servicesApi.create,
  update: servicesApi.update,
  remove: servicesApi.remove,
  fields: serviceFields,
  toFormValues,
  toInput: toServiceInput,
  Fields: ServiceForm,
  name: (service) => service.title,
  meta: (service) => <p data-testid="service-meta">Created {formatDateTime(service.createdAt)}</p>,
};

/** /services/new and /services/{id}. */
export default function ServicePage() {
  return <RecordPage kind={serviceRecord} />;
}
