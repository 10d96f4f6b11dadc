import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useAlerts } from '@seatside/ui/src/alerts-antd';
import { errorMessage, formatDollars } from '@seatside/ui/src/lists';
import { ordersApi, type Order, type OrderAction } from './api';
import { orderMessages as m } from './messages';
import { cardRefundOnCancel } from './payment';

/**
 * Which steps an order's status still allows (the decider in docs/orders-api.md has the last word;
 * a refusal shows as an alert). A paid PLACED order shows PAID.
 */
export function allowedActions(order: Order): Record<OrderAction, boolean> {
  const { status } = order;
  const open = status !== 'COMPLETED' && status !== 'CANCELLED' && status !== 'REFUNDED';
  return {
    accept: status === 'PLACED' || status === 'PAID',
    ready: status === 'PLACED' || status === 'PAID' || status === 'ACCEPTED',
    complete: status === 'PLACED' || status === 'PAID' || status === 'ACCEPTED' || status === 'READY',
    cancel: open,
    // Cash at the counter: CASH orders and pay-later (TBD) ones, once.
    pay: !order.payment && status !== 'CANCELLED' && (order.paymentProcessor === 'CASH' || order.paymentProcessor === 'TBD'),
  };
}

function MarkPaidDialog({ order, open, busy, onClose, onPay }: { order: Order; open: boolean; busy: boolean; onClose(): void; onPay(amountTendered: number): void }) {
  const [tendered, setTendered] = useState(String(order.billingSummary.totals.amountDue));
  const amount = Number(tendered);
  const valid = tendered.trim() !== '' && Number.isFinite(amount) && amount >= 0;
  return (
    <Modal
      open={open}
      title={m.markPaidTitle}
      okText={m.markPaid}
      onOk={() => valid && onPay(amount)}
      okButtonProps={{ disabled: !valid, loading: busy }}
      onCancel={onClose}
      destroyOnHidden
    >
      <form
        className="ord-field"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onPay(amount);
        }}
      >
        <label htmlFor="amount-tendered">{m.amountTendered}</label>
        <input id="amount-tendered" type="number" inputMode="decimal" min="0" step="0.01" value={tendered} onChange={(event) => setTendered(event.target.value)} autoFocus />
      </form>
    </Modal>
  );
}

/** Accept, Ready, Complete, Cancel and Mark paid (cash), each calling the orders API. */
export function OrderActions({ order, onChanged }: { order: Order; onChanged(order: Order): void }) {
  const alerts = useAlerts();
  const { modal } = App.useApp();
  const [busy, setBusy] = useState<OrderAction | null>(null);
  const [paying, setPaying] = useState(false);
  const allowed = allowedActions(order);

  const run = async (action: OrderAction, body: object = {}) => {
    setBusy(action);
    try {
      const { message, ...updated } = await ordersApi.act(order.merchantId, order.id, action, body);
      onChanged(updated);
      alerts.success(message);
      return true;
    } catch (error) {
      alerts.error(errorMessage(error));
      return false;
    } finally {
      setBusy(null);
    }
  };
  const cancel = () =>
    modal.confirm({
      title: m.cancelConfirm,
      content: cardRefundOnCancel(order) > 0 ? m.cancelRefundsCardText(formatDollars(cardRefundOnCancel(order))) : m.cancelConfirmText,
      okText: m.cancelOrder,
      okButtonProps: { danger: true },
      cancelText: m.keepOrder,
      onOk: () => run('cancel'),
    });

  const button = (action: Exclude<OrderAction, 'cancel' | 'pay'>, label: string, primary = false) => (
    <Button type={primary ? 'primary' : 'default'} disabled={!allowed[action] || busy !== null} loading={busy === action} onClick={() => void run(action)}>
      {label}
    </Button>
  );
  return (
    <section className="ord-card" aria-labelledby="ord-actions">
      <h2 id="ord-actions">{m.actions}</h2>
      <div className="ord-actions">
        {button('accept', m.accept, true)}
        {button('ready', m.ready)}
        {button('complete', m.complete)}
        <Button disabled={!allowed.pay || busy !== null} loading={busy === 'pay'} onClick={() => setPaying(true)}>
          {m.markPaid}
        </Button>
        <Button danger disabled={!allowed.cancel || busy !== null} loading={busy === 'cancel'} onClick={cancel}>
          {m.cancel}
        </Button>
      </div>
      {paying && (
        <MarkPaidDialog
          order={order}
          open={paying}
          busy={busy === 'pay'}
          onClose={() => setPaying(false)}
          onPay={(amountTendered) => void run('pay', { amountTendered }).then((done) => done && setPaying(false))}
        />
      )}
    </section>
  );
}
