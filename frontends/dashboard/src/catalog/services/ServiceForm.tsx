import { currencySymbol } from '@seatside/rules';
import { useMerchantCurrency } from '../../merchant/currency';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { Rule } from 'antd/es/form';
import { RecordFormActions, type RecordFormProps, Switch } from '@seatside/ui/src/lists';
import type { Service, ServiceInput } from './api';
import { ImageList } from './ImageList';
import { serviceMessages as m } from './messages';

/** The form's values: numbers stay text until submit so 'Service price is required' can be said. */
export interface ServiceFormValues {
  title: string;
  description: string;
  price: string;
  duration: string;
  taxable: boolean;
  useCustomTaxRate: boolean;
  taxRate: string;
  images: string[];
}

export const serviceFields = ['title', 'description', 'price', 'duration', 'taxable', 'useCustomTaxRate', 'taxRate', 'images'] as const;

export function toFormValues(service?: Service): ServiceFormValues {
  return {
    title: service?.title ?? '',
    description: service?.description ?? '',
    price: service ? String(service.price) : '',
    duration: service ? String(service.duration) : '',
    taxable: service?.taxable ?? false,
    useCustomTaxRate: service?.useCustomTaxRate ?? false,
    taxRate: String(service?.taxRate ?? 0),
    images: service?.images ?? [],
  };
}

export function toServiceInput(values: ServiceFormValues, testMode: boolean): ServiceInput {
  const custom = values.taxable && values.useCustomTaxRate;
  return {
    title: values.title.trim(),
    description: (values.description ?? '').trim(),
    price: Number(String(values.price).trim()),
    duration: Number(String(values.duration).trim()),
    taxable: values.taxable,
    useCustomTaxRate: custom,
    taxRate: custom ? Number(values.taxRate) || 0 : 0,
    images: values.images ?? [],
    testMode,
  };
}

/** Seed 001 §5: required and numeric (one message), then positive. */
function positiveRules(required: string, positive: string): Rule[] {
  return [
    {
      validator: (_rule, value: unknown) => {
        const text = String(value ?? '').trim();
        if (text === '' || !Number.isFinite(Number(text))) return Promise.reject(new Error(required));
        if (Number(text) <= 0) return Promise.reject(new Error(positive));
        return Promise.resolve();
      },
    },
  ];
}

const taxRateRules: Rule[] = [
  {
    validator: (_rule, value: unknown) => {
      const rate = Number(String(value ?? '').trim());
      return String(value ?? '').trim() !== '' && Number.isFinite(rate) && rate >= 0 && rate <= 100 ? Promise.resolve() : Promise.reject(new Error(m.taxRateInvalid));
    },
  },
];

/** Seed 001 §2 "Services": name, description, price, duration, tax, images; submit 'Add Service'. */
export function ServiceForm({ form, initial, saving, submitLabel, onSubmit, extra, merchantId }: RecordFormProps<ServiceFormValues>) {
  const symbol = currencySymbol(useMerchantCurrency(merchantId));
  const taxable = Form.useWatch('taxable', form) ?? initial.taxable;
  const useCustomTaxRate = Form.useWatch('useCustomTaxRate', form) ?? initial.useCustomTaxRate;
  return (
    <Form<ServiceFormValues> form={form} name="service" layout="vertical" initialValues={initial} onFinish={onSubmit} requiredMark={false} className="ls-form">
      <Form.Item label="Service Name" name="title" rules={[{ required: true, whitespace: true, message: m.titleRequired }]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Service Description" name="description">
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item label="Service Price" name="price" rules={positiveRules(m.priceRequired, m.pricePositive)}>
        <Input inputMode="decimal" autoComplete="off" prefix={symbol} />
      </Form.Item>
      <Form.Item label="Service Duration" name="duration" rules={positiveRules(m.durationRequired, m.durationPositive)}>
        <Input inputMode="numeric" autoComplete="off" suffix="minutes" />
      </Form.Item>
      <Form.Item label="Taxable" name="taxable">
        <Switch onText="Taxed" offText="Not taxed" />
      </Form.Item>
      {taxable && (
        <Form.Item label="Custom Tax Rate" name="useCustomTaxRate">
          <Switch onText="Uses its own tax rate" offText="Uses the store's tax rate" />
        </Form.Item>
      )}
      {taxable && useCustomTaxRate && (
        <Form.Item label="Tax rate" name="taxRate" rules={taxRateRules}>
          <Input type="number" min={0} max={100} step="any" suffix="%" />
        </Form.Item>
      )}
      <Form.Item name="images" noStyle>
        <ImageList merchantId={merchantId} />
      </Form.Item>
      <RecordFormActions saving={saving} submitLabel={submitLabel} extra={extra} />
    </Form>
  );
}
