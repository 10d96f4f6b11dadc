import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { Link, useNavigate, useParams } from 'react-router';
import { useAlerts } from '@seatside/ui/src/alerts-antd';
import { applyServerErrors } from '@seatside/ui/src/auth/form-errors';
import { api, errorMessage, formatDateTime, useConfirmDelete } from '@seatside/ui/src/lists';
import { ModeMismatch, useRecordInMode, useTestMode } from '@seatside/ui/src/mode';
import { couponPath, couponsApi, couponsPage, type Coupon } from './api';
import { CouponForm, couponFields, toCouponInput, toFormValues, type CouponFormValues } from './CouponForm';
import { couponMessages as m } from './messages';

function Head({ merchantId, title, testMode }: { merchantId: string; title: string; testMode: boolean }) {
  return (
    <>
      <Link className="ls-back" to={couponsPage(merchantId)}>
        ← {m.listTitle}
      </Link>
      <div className="ls-head">
        <h1 id="coupon-title">{title}</h1>
        {testMode && <span className="ls-badge">Sandbox</span>}
      </div>
    </>
  );
}

/** /coupons/new: creates in the current mode, then goes to the new coupon's page (seed 001 §4). */
export function NewCoupon() {
  const { merchantId = '' } = useParams();
  const testMode = useTestMode((s) => s.testMode);
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [form] = Form.useForm<CouponFormValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: CouponFormValues) => {
    setSaving(true);
    try {
      const answer = await couponsApi.create(merchantId, toCouponInput(values, testMode));
      alerts.success(m.created);
      navigate(couponsPage(merchantId, encodeURIComponent(answer.id)));
    } catch (error) {
      if (!applyServerErrors(form, error, couponFields)) alerts.error(errorMessage(error));
      setSaving(false);
    }
  };

  return (
    <section className="ls-screen" aria-labelledby="coupon-title">
      <Head merchantId={merchantId} title={m.newTitle} testMode={testMode} />
      <CouponForm merchantId={merchantId} testMode={testMode} form={form} initial={toFormValues()} saving={saving} submitLabel={m.create} onSubmit={(v) => void submit(v)} />
    </section>
  );
}

function EditCouponForm({ merchantId, coupon, onSaved }: { merchantId: string; coupon: Coupon; onSaved(coupon: Coupon): void }) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const [form] = Form.useForm<CouponFormValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: CouponFormValues) => {
    setSaving(true);
    try {
      const { testMode: _mode, ...changes } = toCouponInput(values, coupon.testMode);
      await couponsApi.update(merchantId, coupon.id, changes);
      alerts.success(m.updated);
      onSaved({ ...coupon, ...changes });
    } catch (error) {
      if (!applyServerErrors(form, error, couponFields)) alerts.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!(await confirmDelete(m.entity))) return;
    try {
      await couponsApi.remove(merchantId, coupon.id);
      alerts.success(m.deleted);
      navigate(couponsPage(merchantId), { replace: true });
    } catch (error) {
      alerts.error(errorMessage(error));
    }
  };

  return (
    <>
      <p data-testid="coupon-meta">
        Redeemed {coupon.timesRedeemed ?? 0} times · Created {formatDateTime(coupon.createdAt)}
      </p>
      <CouponForm
        merchantId={merchantId}
        testMode={coupon.testMode}
        form={form}
        initial={toFormValues(coupon)}
        saving={saving}
        submitLabel={m.save}
        onSubmit={(v) => void submit(v)}
        extra={
          <Button danger onClick={() => void remove()} disabled={saving}>
            {m.delete}
          </Button>
        }
      />
    </>
  );
}

/** /coupons/{couponId}: update stays on the page; delete asks first, then goes back to the list. */
export function EditCoupon() {
  const { merchantId = '', id = '' } = useParams();
  const listPath = couponsPage(merchantId);
  const { record, error, mismatch, setRecord } = useRecordInMode<Coupon>((signal) => api.get<Coupon>(couponPath(merchantId, id), { signal }), listPath, [merchantId, id]);
  if (mismatch) return <ModeMismatch entity={m.entityTitle} listPath={listPath} />;
  return (
    <section className="ls-screen" aria-labelledby="coupon-title" aria-busy={!record && !error}>
      <Head merchantId={merchantId} title={m.editTitle} testMode={record?.testMode ?? false} />
      {error ? (
        <Alert type="error" showIcon title={errorMessage(error)} />
      ) : record ? (
        <EditCouponForm key={record.id} merchantId={merchantId} coupon={record} onSaved={setRecord} />
      ) : (
        <p>Loading…</p>
      )}
    </section>
  );
}
