import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import { Link, useParams } from 'react-router';
import { useAlerts } from '@seatside/ui/src/alerts-antd';
import { errorMessage, formatMoney, listMessages, useConfirmDelete } from '@seatside/ui/src/lists';
import { useTestMode } from '@seatside/ui/src/mode';
import { usePageTitle } from '@seatside/ui/src/title';
import { useMerchantCurrency } from '../../merchant/currency';
import { saveModeOrder, servicesApi, servicesPage, type Service } from './api';
import { durationText, priceText, serviceMessages as m } from './messages';
import { SortableList } from './SortableList';

function ServiceCard({ merchantId, service, currency, onDelete }: { merchantId: string; service: Service; currency: string | undefined; onDelete(service: Service): void }) {
  return (
    <>
      {service.images?.[0] && <img className="sv-thumb" src={service.images[0]} alt="" loading="lazy" />}
      <div className="sv-card-text">
        <h2>
          <Link to={servicesPage(merchantId, encodeURIComponent(service.id))}>{service.title}</Link>
        </h2>
        {service.description?.trim() && <p>{service.description}</p>}
        <div className="sv-facts">
          <span>{priceText(formatMoney(service.price, currency))}</span>
          <span>{durationText(service.duration)}</span>
        </div>
      </div>
      <Button danger onClick={() => onDelete(service)}>
        Delete<span className="ls-sr"> {service.title}</span>
      </Button>
    </>
  );
}

/**
 * /dashboard/merchants/{merchantId}/services: the current mode's services as cards in the signed-in
 * user's order (seed 001 §2, §7); dragging one (pointer or keyboard) saves the new order.
 */
export default function ServiceList() {
  usePageTitle(m.listTitle);
  const { merchantId = '' } = useParams();
  const testMode = useTestMode((s) => s.testMode);
  const currency = useMerchantCurrency(merchantId);
  const alerts = useAlerts();
  const confirmDelete = useConfirmDelete();
  const [services, setServices] = useState<Service[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [status, setStatus] = useState('');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setServices(undefined);
    setError(undefined);
    servicesApi.list(merchantId, testMode, controller.signal).then(
      (list) => !controller.signal.aborted && setServices(list),
      (err: unknown) => !controller.signal.aborted && setError(err),
    );
    return () => controller.abort();
  }, [merchantId, testMode, version]);

  const reorder = async (moved: Service[]) => {
    setServices(moved);
    setStatus('');
    try {
      setStatus(await saveModeOrder(merchantId, testMode, moved.map((s) => s.id)));
    } catch (err) {
      alerts.error(errorMessage(err));
      setVersion((v) => v + 1);
    }
  };

  const remove = async (service: Service) => {
    if (!(await confirmDelete(m.entity))) return;
    try {
      await servicesApi.remove(merchantId, service.id);
      alerts.success(m.deleted);
      setServices((list) => list?.filter((s) => s.id !== service.id));
    } catch (err) {
      alerts.error(errorMessage(err));
    }
  };

  return (
    <section className="ls-screen" aria-labelledby="ls-title" aria-busy={services === undefined && error === undefined}>
      <div className="ls-head">
        <h1 id="ls-title">{m.listTitle}</h1>
        <div className="ls-tools">
          <Link className="ls-add" to={servicesPage(merchantId, 'new')}>
            {m.add}
          </Link>
        </div>
      </div>
      <p className="sv-status" role="status" data-testid="order-status">
        {status}
      </p>
      {error !== undefined ? (
        <p className="sv-empty" role="alert">
          {errorMessage(error)}
        </p>
      ) : services === undefined ? (
        <p className="sv-empty">{listMessages.loading}</p>
      ) : services.length === 0 ? (
        <p className="sv-empty">{listMessages.empty}</p>
      ) : (
        <SortableList
          items={services}
          idOf={(s) => s.id}
          nameOf={(s) => s.title}
          onReorder={(moved) => void reorder(moved)}
          label={m.listTitle}
          itemTestId="service-card"
          renderItem={(service) => <ServiceCard merchantId={merchantId} service={service} currency={currency} onDelete={(s) => void remove(s)} />}
        />
      )}
    </section>
  );
}
