import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { FormInstance, Rule } from 'antd/es/form';
import { Hint, RecordFormActions, type RecordFormProps, Switch } from '@seatside/ui/src/lists';
import { ProductPicker } from '../coupons/ProductPicker';
import { ImageUpload } from '../images/ImageUpload';
import { imageUrlRules } from '../images/url';
import type { Menu, MenuInput } from './api';
import { menuMessages as m } from './messages';
import { hhmmTo12Hour, parseTime } from './time';

/** The form's values: times in 12-hour form as typed ('11:00 AM'), sent as HHMM. */
export interface MenuFormValues {
  title: string;
  description: string;
  allDayMenu: boolean;
  begin: string;
  end: string;
  banner: string;
  icon: string;
  products: string[];
}

export const menuFields = ['title', 'description', 'allDayMenu', 'begin', 'end', 'banner', 'icon', 'products'] as const;

export function toFormValues(menu?: Menu): MenuFormValues {
  return {
    title: menu?.title ?? '',
    description: menu?.description ?? '',
    allDayMenu: menu?.availability?.allDayMenu ?? true,
    begin: hhmmTo12Hour(menu?.availability?.begin),
    end: hhmmTo12Hour(menu?.availability?.end),
    banner: menu?.branding?.banner ?? '',
    icon: menu?.branding?.icon ?? '',
    products: menu?.products ?? [],
  };
}

const urlOrNull = (value: string | undefined) => (value ?? '').trim() || null;

export function toMenuInput(values: MenuFormValues, testMode: boolean): MenuInput {
  return {
    title: values.title.trim(),
    description: (values.description ?? '').trim(),
    branding: { banner: urlOrNull(values.banner), icon: urlOrNull(values.icon) },
    availability: values.allDayMenu ? { allDayMenu: true } : { allDayMenu: false, begin: parseTime(values.begin) ?? values.begin, end: parseTime(values.end) ?? values.end },
    products: values.products ?? [],
    testMode,
  };
}

const timeRules: Rule[] = [{ validator: (_rule, value: string) => (parseTime(value) ? Promise.resolve() : Promise.reject(new Error(m.timeLike))) }];

/** A menu's banner or icon: typed as a URL (the product images' rule) or uploaded, as a product's images are. */
function BrandingImageField(props: { form: FormInstance<MenuFormValues>; name: 'banner' | 'icon'; label: string; uploadLabel: string; merchantId: string }) {
  const { form, name } = props;
  return (
    <div style={{ marginBottom: 24 }}>
      <Form.Item label={props.label} name={name} rules={imageUrlRules} extra={<Hint>{m.brandingHint}</Hint>} style={{ marginBottom: 8 }}>
        <Input inputMode="url" autoComplete="off" placeholder="https://…" />
      </Form.Item>
      <ImageUpload
        merchantId={props.merchantId}
        label={props.uploadLabel}
        onUploaded={(url) => {
          form.setFieldValue(name, url);
          // Judged again at once, so a refusal of what was typed before goes (an invalid answer stays shown under the field).
          form.validateFields([name]).catch(() => undefined);
        }}
      />
    </div>
  );
}

/** Title, description, availability (all day, or from–to in 12-hour form), branding and products (seed 001 §3). */
export function MenuForm({ form, initial, saving, submitLabel, onSubmit, extra, merchantId, testMode }: RecordFormProps<MenuFormValues>) {
  const allDayMenu = Form.useWatch('allDayMenu', form) ?? initial.allDayMenu;
  // A time typed loosely ('2pm', '1430') is shown back in the form it is read in: '2:00 PM'.
  const tidy = (name: 'begin' | 'end') => () => {
    const hhmm = parseTime(form.getFieldValue(name) as string);
    if (hhmm) form.setFieldValue(name, hhmmTo12Hour(hhmm));
  };
  return (
    <Form<MenuFormValues> form={form} name="menu" layout="vertical" initialValues={initial} onFinish={onSubmit} requiredMark={false} className="ls-form">
      <Form.Item label="Title" name="title" rules={[{ required: true, whitespace: true, message: m.titleRequired }]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item label="All day menu" name="allDayMenu">
        <Switch onText={m.allDayOn} offText={m.allDayOff} />
      </Form.Item>
      {!allDayMenu && (
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item label="Begins at" name="begin" rules={timeRules} extra={<Hint>Like 11:00 AM</Hint>} validateTrigger="onBlur">
            <Input autoComplete="off" placeholder="11:00 AM" onBlur={tidy('begin')} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item label="Ends at" name="end" rules={timeRules} extra={<Hint>Like 2:30 PM</Hint>} validateTrigger="onBlur">
            <Input autoComplete="off" placeholder="2:30 PM" onBlur={tidy('end')} style={{ width: 180 }} />
          </Form.Item>
        </div>
      )}
      <BrandingImageField form={form} name="banner" label="Banner image URL" uploadLabel={m.uploadBanner} merchantId={merchantId} />
      <BrandingImageField form={form} name="icon" label="Icon URL" uploadLabel={m.uploadIcon} merchantId={merchantId} />
      <Form.Item label="Products" name="products">
        <ProductPicker merchantId={merchantId} testMode={testMode} />
      </Form.Item>
      <RecordFormActions saving={saving} submitLabel={submitLabel} extra={extra} />
    </Form>
  );
}
