import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { Link, useNavigate, useParams } from 'react-router';
import { useAlerts } from '@seatside/ui/src/alerts-antd';
import { applyServerErrors } from '@seatside/ui/src/auth/form-errors';
import { api, errorMessage, formatDateTime, useConfirmDelete } from '@seatside/ui/src/lists';
import { ModeMismatch, useRecordInMode, useTestMode } from '@seatside/ui/src/mode';
import { productPath, productsApi, productsPage, type Product } from './api';
import { ProductForm, productFields, toFormValues, toProductInput, type ProductFormValues } from './ProductForm';
import { productMessages as m } from './messages';

function Head({ merchantId, title, testMode }: { merchantId: string; title: string; testMode: boolean }) {
  return (
    <>
      <Link className="ls-back" to={productsPage(merchantId)}>
        ← {m.listTitle}
      </Link>
      <div className="ls-head">
        <h1 id="product-title">{title}</h1>
        {testMode && <span className="ls-badge">Sandbox</span>}
      </div>
    </>
  );
}

/** /products/new: creates in the current mode, then goes to the new product's page (seed 001 §4). */
export function NewProduct() {
  const { merchantId = '' } = useParams();
  const testMode = useTestMode((s) => s.testMode);
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [form] = Form.useForm<ProductFormValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: ProductFormValues) => {
    setSaving(true);
    try {
      const answer = await productsApi.create(merchantId, toProductInput(values, testMode));
      alerts.success(m.created);
      navigate(productsPage(merchantId, encodeURIComponent(answer.id)));
    } catch (error) {
      if (!applyServerErrors(form, error, productFields)) alerts.error(errorMessage(error));
      setSaving(false);
    }
  };

  return (
    <section className="ls-screen" aria-labelledby="product-title">
      <Head merchantId={merchantId} title={m.newTitle} testMode={testMode} />
      <ProductForm form={form} initial={toFormValues()} saving={saving} submitLabel={m.create} onSubmit={(v) => void submit(v)} />
    </section>
  );
}

function EditProductForm({ merchantId, product, onSaved }: { merchantId: string; product: Product; onSaved(product: Product): void }) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const [form] = Form.useForm<ProductFormValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: ProductFormValues) => {
    setSaving(true);
    try {
      const { testMode: _mode, ...changes } = toProductInput(values, product.testMode);
      await productsApi.update(merchantId, product.id, changes);
      alerts.success(m.updated);
      onSaved({ ...product, ...changes });
    } catch (error) {
      if (!applyServerErrors(form, error, productFields)) alerts.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!(await confirmDelete(m.entity))) return;
    try {
      await productsApi.remove(merchantId, product.id);
      alerts.success(m.deleted);
      navigate(productsPage(merchantId), { replace: true });
    } catch (error) {
      alerts.error(errorMessage(error));
    }
  };

  return (
    <>
      <p data-testid="product-meta">Created {formatDateTime(product.createdAt)}</p>
      <ProductForm
        form={form}
        initial={toFormValues(product)}
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

/** /products/{id}: update stays on the page; delete asks first, then goes back to the list. */
export function EditProduct() {
  const { merchantId = '', id = '' } = useParams();
  const listPath = productsPage(merchantId);
  const { record, error, mismatch, setRecord } = useRecordInMode<Product>((signal) => api.get<Product>(productPath(merchantId, id), { signal }), listPath, [merchantId, id]);
  if (mismatch) return <ModeMismatch entity={m.entityTitle} listPath={listPath} />;
  return (
    <section className="ls-screen" aria-labelledby="product-title" aria-busy={!record && !error}>
      <Head merchantId={merchantId} title={m.editTitle} testMode={record?.testMode ?? false} />
      {error ? (
        <Alert type="error" showIcon title={errorMessage(error)} />
      ) : record ? (
        <EditProductForm key={record.id} merchantId={merchantId} product={record} onSaved={setRecord} />
      ) : (
        <p>Loading…</p>
      )}
    </section>
  );
}
