import { currencySymbol } from '@seatside/rules';
import { useMerchantCurrency } from '../../merchant/currency';
import type { ReactNode } from 'react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { Rule } from 'antd/es/form';
import { Hint, RecordFormActions, Switch } from '@seatside/ui/src/lists';
import type { Coupon, CouponInput, CouponType } from './api';
import { couponMessages as m, couponTypeLabels } from './messages';
import { ProductPicker } from './ProductPicker';

/** The form's values: amounts stay text until submit so 'Value must be a number' can be said. */
export interface CouponFormValues {
  title: string;
  description: string;
  code: string;
  type: CouponType | '';
  value: string;
  minimumOrderAmount: string;
  active: boolean;
  individualUse: boolean;
  applyToAllProducts: boolean;
  products: string[];
}

export const couponFields = ['title', 'description', 'code', 'type', 'value', 'minimumOrderAmount', 'active', 'individualUse', 'applyToAllProducts', 'products'] as const;

export function toFormValues(coupon?: Coupon): CouponFormValues {
  return {
    title: coupon?.title ?? '',
    description: coupon?.description ?? '',
    code: coupon?.code ?? '',
    type: coupon?.type ?? '',
    value: String(coupon?.value ?? 0),
    minimumOrderAmount: String(coupon?.minimumOrderAmount ?? 0),
    active: coupon?.active ?? true,
    individualUse: coupon?.individualUse ?? true,
    applyToAllProducts: coupon?.applyToAllProducts ?? true,
    products: coupon?.products ?? [],
  };
}

export function toCouponInput(values: CouponFormValues, testMode: boolean): CouponInput {
  return {
    title: values.title.trim(),
    description: (values.description ?? '').trim(),
    code: values.code.trim().toUpperCase(),
    type: values.type as CouponType,
    value: Number(values.value),
    minimumOrderAmount: Number(values.minimumOrderAmount),
    active: values.active,
    individualUse: values.individualUse,
    applyToAllProducts: values.applyToAllProducts,
    products: values.applyToAllProducts ? [] : values.products,
    testMode,
  };
}

/** Required (0 counts as given) and numeric (seed 001 §5). */
function amountRules(requiredMessage: string): Rule[] {
  return [
    {
      validator: (_rule, value: unknown) => {
        const text = String(value ?? '').trim();
        if (text === '') return Promise.reject(new Error(requiredMessage));
        if (!Number.isFinite(Number(text))) return Promise.reject(new Error(m.notANumber));
        return Promise.resolve();
      },
    },
  ];
}

const required = (message: string): Rule[] => [{ required: true, whitespace: true, message }];

export interface CouponFormProps {
  merchantId: string;
  testMode: boolean;
  initial: CouponFormValues;
  saving: boolean;
  submitLabel: string;
  onSubmit(values: CouponFormValues): void;
  form: ReturnType<typeof Form.useForm<CouponFormValues>>[0];
  extra?: ReactNode;
}

/** Every coupon field of seed 001 §3 with the §5 messages. */
export function CouponForm({ merchantId, testMode, initial, saving, submitLabel, onSubmit, form, extra }: CouponFormProps) {
  const symbol = currencySymbol(useMerchantCurrency(merchantId));
  const applyToAll = Form.useWatch('applyToAllProducts', form) ?? initial.applyToAllProducts;
  return (
    <Form<CouponFormValues> form={form} name="coupon" layout="vertical" initialValues={initial} onFinish={onSubmit} requiredMark={false} className="ls-form">
      <Form.Item label="Title" name="title" rules={required(m.titleRequired)}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item label="Code" name="code" rules={required(m.codeRequired)} normalize={(value: string) => (value ?? '').toUpperCase()}>
        <Input autoComplete="off" style={{ textTransform: 'uppercase' }} />
      </Form.Item>
      <Form.Item label="Discount type" name="type" rules={[{ required: true, message: m.typeRequired }]}>
        <select className="ls-select">
          <option value="">Select a discount type</option>
          {(Object.keys(couponTypeLabels) as CouponType[]).map((type) => (
            <option key={type} value={type}>
              {couponTypeLabels[type]}
            </option>
          ))}
        </select>
      </Form.Item>
      <Form.Item label="Discount value" name="value" rules={amountRules(m.valueRequired)}>
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Minimum order amount" name="minimumOrderAmount" rules={amountRules(m.minimumRequired)} extra={<Hint>Before taxes and fees.</Hint>}>
        <Input inputMode="decimal" autoComplete="off" prefix={symbol} />
      </Form.Item>
      <Form.Item label="Status" name="active">
        <Switch onText={m.active} offText={m.inactive} />
      </Form.Item>
      <Form.Item label="Individual use only" name="individualUse" valuePropName="checked" extra={<Hint>Cannot be combined with other coupons.</Hint>}>
        <input type="checkbox" className="ls-check" />
      </Form.Item>
      <Form.Item label="Apply to all products" name="applyToAllProducts" valuePropName="checked">
        <input type="checkbox" className="ls-check" />
      </Form.Item>
      {!applyToAll && (
        <Form.Item label="Products" name="products">
          <ProductPicker merchantId={merchantId} testMode={testMode} />
        </Form.Item>
      )}
      <RecordFormActions saving={saving} submitLabel={submitLabel} extra={extra} />
    </Form>
  );
}
