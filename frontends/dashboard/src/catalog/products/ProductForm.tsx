import { currencySymbol } from '@seatside/rules';
import { useMerchantCurrency } from '../../merchant/currency';
import type { ReactNode } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { FormInstance, Rule } from 'antd/es/form';
import { Hint, RecordFormActions, Switch } from '@seatside/ui/src/lists';
import { ImageUpload } from '../images/ImageUpload';
import { imageUrlRules } from '../images/url';
import type { ProductFormValues } from './values';
import { ModifierPicker } from './ModifierPicker';
import { productMessages as m } from './messages';

const priceRules: Rule[] = [
  {
    validator: (_rule, value: unknown) => {
      const text = String(value ?? '').trim();
      if (text === '') return Promise.reject(new Error(m.priceRequired));
      if (!Number.isFinite(Number(text))) return Promise.reject(new Error(m.priceNotANumber));
      return Promise.resolve();
    },
  },
];

export interface ProductFormProps {
  form: FormInstance<ProductFormValues>;
  initial: ProductFormValues;
  saving: boolean;
  submitLabel: string;
  onSubmit(values: ProductFormValues): void;
  extra?: ReactNode;
  merchantId: string;
  testMode: boolean;
}

/** Title, description, price, stock, code and images, typed as URLs or uploaded (seed 001 §3; seed 002 §5). */
export function ProductForm({ form, initial, saving, submitLabel, onSubmit, extra, merchantId, testMode }: ProductFormProps) {
  const symbol = currencySymbol(useMerchantCurrency(merchantId));
  const manageStock = Form.useWatch('manageStock', form) ?? initial.manageStock;
  return (
    <Form<ProductFormValues> form={form} name="product" layout="vertical" initialValues={initial} onFinish={onSubmit} requiredMark={false} className="ls-form">
      <Form.Item label="Title" name="title" rules={[{ required: true, whitespace: true, message: m.titleRequired }]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item label="Price" name="price" rules={priceRules}>
        <Input inputMode="decimal" autoComplete="off" prefix={symbol} />
      </Form.Item>
      <Form.Item label="Code" name="code" extra={<Hint>A SKU or UPC.</Hint>}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Manage stock" name="manageStock">
        <Switch onText="Stock is managed" offText="Stock is not managed" />
      </Form.Item>
      {manageStock && (
        <Form.Item label="Stock quantity" name="stockQuantity">
          <Input type="number" min={0} step={1} />
        </Form.Item>
      )}
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 24px' }}>
        <legend style={{ fontSize: 14, marginBottom: 8, color: '#111827', border: 0 }}>Images</legend>
        <Form.List name="images">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <div key={field.key} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                  {/* Not noStyle: the item renders the message its input's aria-describedby names. */}
                  <Form.Item name={field.name} rules={imageUrlRules} style={{ flex: 1, minWidth: 0, marginBottom: 8 }}>
                    <Input aria-label={`Image URL ${index + 1}`} placeholder="https://…" inputMode="url" />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)} aria-label={`Remove image ${index + 1}`}>
                    Remove
                  </Button>
                </div>
              ))}
              <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
                <Button onClick={() => add('')}>{m.addImage}</Button>
                <ImageUpload merchantId={merchantId} onUploaded={(url) => add(url)} />
              </div>
            </>
          )}
        </Form.List>
      </fieldset>
      <Form.Item label="Modifiers" name="modifiers" extra={<Hint>The choices a diner makes with this product.</Hint>}>
        <ModifierPicker merchantId={merchantId} testMode={testMode} />
      </Form.Item>
      <RecordFormActions saving={saving} submitLabel={submitLabel} extra={extra} />
    </Form>
  );
}
