import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useAlerts } from '@seatside/ui/src/alerts-antd';
import { orderActionsFor } from '@seatside/rules';
import { ApiError } from '@seatside/ui';
import { useMe } from '@seatside/ui/src/auth';
import { errorMessage, formatMoney } from '@seatside/ui/src/lists';
import { ordersApi, type Order, type OrderAction } from './api';
import { orderMessages as m } from './messages';
import { cardRefundOnCancel, leftToRefund, refundFormErrors, type RefundForm } from './payment';

/**
 * The actions the member may take now: the order's `nextActions` (the orders service's transitions
 * table, docs/orders-api.md), of them a runner's only (a live update carries every one the order allows).
 */
export function allowedActions(order: Pick<Order, 'nextActions'>, role?: string): Record<OrderAction, boolean> {
  const actions = orderActionsFor(role, order.nextActions);
  const allows = (action: OrderAction) => actions.includes(action);
  return { accept: allows('accept'), ready: allows('ready'), complete: allows('complete'), cancel: allows('cancel'), pay: allows('pay'), refund: allows('refund') };
}

/**
 * Mark paid (cash): the amount tendered as typed goes to the server, which takes it or refuses it on
 * its field with its message (a negative or blank amount is said, never a greyed-out button).
 */
function MarkPaidDialog({ order, open, busy, onClose, onPay }: {
  order: Order;
  open: boolean;
  busy: boolean;
  onClose(): void;
  /** Answers the API's refusal of a field, if that was why it failed. */
  onPay(amountTendered: string): Promise<Record<string, string>>;
}) {
  const [tendered, setTendered] = useState(String(order.billingSummary.totals.amountDue));
  const [error, setError] = useState<string | undefined>();
  const submit = async () => setError((await onPay(tendered.trim())).amountTendered);
  return (
    <Modal open={open} title={m.markPaidTitle} okText={m.markPaid} onOk={() => void submit()} okButtonProps={{ loading: busy }} onCancel={onClose} destroyOnHidden>
      <form
        className="ord-field"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="amount-tendered">{m.amountTendered}</label>
        <input
          id="amount-tendered"
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          value={tendered}
          aria-invalid={error !== undefined}
          aria-describedby={error ? 'amount-tendered-error' : undefined}
          onChange={(event) => setTendered(event.target.value)}
          autoFocus
        />
        {error && (
          <p id="amount-tendered-error" className="ord-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

function RefundDialog({ order, open, busy, onClose, onRefund }: {
  order: Order;
  open: boolean;
  busy: boolean;
  onClose(): void;
  /** Answers the API's refusal of a field, if that was why it failed. */
  onRefund(body: { title: string; amount: number }): Promise<Record<string, string>>;
}) {
  const left = leftToRefund(order);
  const [form, setForm] = useState<RefundForm>({ title: '', amount: String(left) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const hint = order.payment?.paymentMethodType === 'CARD' ? m.refundToCardText(formatMoney(left, order.billingSummary.currency)) : m.refundCashText(formatMoney(left, order.billingSummary.currency));
  const submit = async () => {
    const found = refundFormErrors(form, left);
    setErrors(found);
    if (Object.keys(found).length === 0) setErrors(await onRefund({ title: form.title.trim(), amount: Number(form.amount) }));
  };
  const field = (name: keyof RefundForm, label: string, input: { type: string; inputMode?: 'decimal'; min?: string; step?: string }) => (
    <div className="ord-field">
      <label htmlFor={`refund-${name}`}>{label}</label>
      <input
        id={`refund-${name}`}
        {...input}
        value={form[name]}
        aria-invalid={errors[name] !== undefined}
        aria-describedby={errors[name] ? `refund-${name}-error` : undefined}
        onChange={(event) => setForm({ ...form, [name]: event.target.value })}
        autoFocus={name === 'title'}
      />
      {errors[name] && (
        <p id={`refund-${name}-error`} className="ord-error" role="alert">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <Modal open={open} title={m.refundTitle} okText={m.refund} onOk={() => void submit()} okButtonProps={{ loading: busy }} onCancel={onClose} destroyOnHidden>
      <form
        className="ord-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>{hint}</p>
        {field('title', m.refundReason, { type: 'text' })}
        {field('amount', m.refundAmount, { type: 'number', inputMode: 'decimal', min: '0', step: '0.01' })}
      </form>
    </Modal>
  );
}

/** Accept, Ready, Complete, Cancel, Mark paid (cash) and Refund, each calling the orders API. */
export function OrderActions({ order, onChanged }: { order: Order; onChanged(order: Order): void }) {
  const alerts = useAlerts();
  const { modal } = App.useApp();
  const [busy, setBusy] = useState<OrderAction | null>(null);
  const [paying, setPaying] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const { me } = useMe();
  const allowed = allowedActions(order, me?.merchants.find((merchant) => merchant.id === order.merchantId)?.role);

  /** Answers whether it was done; a refusal of a form's field is handed to `onFields` instead of an alert. */
  const run = async (action: OrderAction, body: object = {}, onFields?: (errors: Record<string, string>) => void) => {
    setBusy(action);
    try {
      const { message, ...updated } = await ordersApi.act(order.merchantId, order.id, action, body);
      onChanged(updated);
      alerts.success(message);
      return true;
    } catch (error) {
      if (onFields && error instanceof ApiError && error.errors) onFields(error.errors);
      else alerts.error(errorMessage(error));
      return false;
    } finally {
      setBusy(null);
    }
  };
  const refund = async (body: { title: string; amount: number }) => {
    let fields: Record<string, string> = {};
    if (await run('refund', body, (errors) => (fields = errors))) setRefunding(false);
    return fields;
  };
  const pay = async (amountTendered: string) => {
    let fields: Record<string, string> = {};
    if (await run('pay', { amountTendered }, (errors) => (fields = errors))) setPaying(false);
    return fields;
  };
  const backToCard = cardRefundOnCancel(order);
  const cancel = () =>
    modal.confirm({
      title: m.cancelConfirm,
      content: backToCard > 0 ? m.cancelRefundsCardText(formatMoney(backToCard, order.billingSummary.currency)) : m.cancelConfirmText,
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
        <Button disabled={!allowed.refund || busy !== null} loading={busy === 'refund'} onClick={() => setRefunding(true)}>
          {m.refund}
        </Button>
        <Button danger disabled={!allowed.cancel || busy !== null} loading={busy === 'cancel'} onClick={cancel}>
          {m.cancel}
        </Button>
      </div>
      {refunding && <RefundDialog order={order} open={refunding} busy={busy === 'refund'} onClose={() => setRefunding(false)} onRefund={refund} />}
      {paying && (
        <MarkPaidDialog
          order={order}
          open={paying}
          busy={busy === 'pay'}
          onClose={() => setPaying(false)}
          onPay={pay}
        />
      )}
    </section>
  );
}
