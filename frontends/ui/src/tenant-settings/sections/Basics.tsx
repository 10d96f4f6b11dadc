import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { tenantSettingsApi, type TenantRecord } from '../api';
import { useSectionSave, useSettings } from '../context';
import { settingsMessages as m } from '../messages';
import { timeZoneOptions } from '../timeZones';
import { SectionScreen, Toggle } from './parts';

const required = { required: true, whitespace: true, message: m.required };

type DetailsForm = Required<Pick<TenantRecord, 'name' | 'description' | 'timeZone' | 'phone' | 'email' | 'website' | 'promptAppInstall'>>;

function DetailsForm({ record }: { record: TenantRecord }) {
  const { tenant } = useSettings();
  const [form] = Form.useForm<DetailsForm>();
  const { busy, save } = useSectionSave(form, 'details', m.details.saved);
  const initial: DetailsForm = {
    name: record.name ?? '', description: record.description ?? '', timeZone: record.timeZone ?? '', phone: record.phone ?? '',
    email: record.email ?? '', website: record.website ?? '', promptAppInstall: record.promptAppInstall ?? false,
  };
  return (
    <Form<DetailsForm> form={form} layout="vertical" name="details" initialValues={initial} requiredMark={false} disabled={busy} noValidate
      onFinish={(details) => void save((version) => tenantSettingsApi.saveSettings(tenant, { details }, version))} className="ts-form">
      <Form.Item label="Name" name="name" rules={[required]}>
        <Input autoComplete="organization" />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item label="Time zone" name="timeZone" rules={[required]}>
        <select className="ts-select">
          <option value="">Select a time zone</option>
          {timeZoneOptions.map((zone) => (
            <option key={zone.value} value={zone.value}>
              {zone.label}
            </option>
          ))}
        </select>
      </Form.Item>
      <div className="ts-grid">
        <Form.Item label="Phone" name="phone">
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item label="Email" name="email">
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Website" name="website">
          <Input type="url" autoComplete="url" />
        </Form.Item>
      </div>
      <Toggle name="promptAppInstall" label="Prompt diners to install the app" />
      <Button type="primary" htmlType="submit" loading={busy} style={{ marginTop: 16, alignSelf: 'flex-start' }}>
        Save Details
      </Button>
    </Form>
  );
}

/** Seed 001 §2, §3, §5: name (required), description, time zone (a fixed IANA list), phone, email, website, promptAppInstall. */
export function Details() {
  return <SectionScreen id="details" title={m.details.title}>{(record) => <DetailsForm record={record} />}</SectionScreen>;
}

type AddressForm = Record<'line1' | 'line2' | 'city' | 'state' | 'postal_code', string>;

function AddressForm({ record }: { record: TenantRecord }) {
  const { tenant } = useSettings();
  const [form] = Form.useForm<AddressForm>();
  const { busy, save } = useSectionSave(form, 'address', m.address.saved);
  const initial: AddressForm = { line1: '', line2: '', city: '', state: '', postal_code: '', ...record.address };
  return (
    <Form<AddressForm> form={form} layout="vertical" name="address" initialValues={initial} requiredMark={false} disabled={busy} noValidate
      onFinish={(address) => void save((version) => tenantSettingsApi.saveSettings(tenant, { address }, version))} className="ts-form">
      <Form.Item label="Address line 1" name="line1">
        <Input autoComplete="address-line1" />
      </Form.Item>
      <Form.Item label="Address line 2" name="line2">
        <Input autoComplete="address-line2" />
      </Form.Item>
      <div className="ts-grid">
        <Form.Item label="City" name="city">
          <Input autoComplete="address-level2" />
        </Form.Item>
        <Form.Item label="State" name="state">
          <Input autoComplete="address-level1" />
        </Form.Item>
        <Form.Item label="Postal code" name="postal_code">
          <Input autoComplete="postal-code" />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
        Save Address
      </Button>
    </Form>
  );
}

/** Seed 001 §2: line1, line2, city, state, postal_code; 'Address updated.'. */
export function Address() {
  return <SectionScreen id="address" title={m.address.title}>{(record) => <AddressForm record={record} />}</SectionScreen>;
}

function PlaceForm({ record }: { record: TenantRecord }) {
  const { tenant } = useSettings();
  const [form] = Form.useForm<{ googlePlaceId: string }>();
  const { busy, save } = useSectionSave(form, '', m.place.saved);
  return (
    <Form form={form} layout="vertical" name="google-place-id" initialValues={{ googlePlaceId: record.googlePlaceId ?? '' }} requiredMark={false} disabled={busy} noValidate
      onFinish={({ googlePlaceId }) => void save((version) => tenantSettingsApi.saveSettings(tenant, { googlePlaceId }, version))} className="ts-form">
      <Form.Item label="Google Place ID" name="googlePlaceId" extra="The place_id of your business on Google Maps.">
        <Input autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
        Save Place
      </Button>
    </Form>
  );
}

/** Seed 001 §7: googlePlaceId; 'Place Updated'. */
export function GooglePlaceId() {
  return <SectionScreen id="google-place-id" title={m.place.title}>{(record) => <PlaceForm record={record} />}</SectionScreen>;
}

type ColorKey = 'primary' | 'secondary' | 'success' | 'info' | 'error' | 'splashScreenBackground';
const colorFields: { key: ColorKey; label: string; hint?: string }[] = [
  { key: 'primary', label: 'Primary' },
  { key: 'secondary', label: 'Secondary' },
  { key: 'success', label: 'Success' },
  { key: 'info', label: 'Info' },
  { key: 'error', label: 'Error' },
  { key: 'splashScreenBackground', label: 'Splash screen background', hint: 'Shown while the installed app starts.' },
];

/** A colour as text (a CSS value or gradient) with a picker beside it for plain hex colours. */
function ColorInput({ id, value, onChange, ...rest }: { id?: string; value?: string; onChange?: (value: string) => void }) {
  const hex = /^#[0-9a-f]{6}$/i.test(value ?? '') ? value : '#000000';
  return (
    <span className="ts-swatch">
      <input type="color" aria-hidden="true" tabIndex={-1} value={hex} onChange={(e) => onChange?.(e.target.value)} />
      <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value)} placeholder="#1f5eff" {...rest} />
    </span>
  );
}

function ColorsForm({ record }: { record: TenantRecord }) {
  const { tenant } = useSettings();
  const [form] = Form.useForm<Record<ColorKey, string>>();
  const { busy, save } = useSectionSave(form, 'colors', m.colors.saved);
  const initial = { primary: '', secondary: '', success: '', info: '', error: '', splashScreenBackground: '', ...record.colors };
  return (
    <Form form={form} layout="vertical" name="colors" initialValues={initial} requiredMark={false} disabled={busy} noValidate
      onFinish={(colors) => void save((version) => tenantSettingsApi.saveSettings(tenant, { colors }, version))} className="ts-form">
      <div className="ts-grid">
        {colorFields.map(({ key, label, hint }) => (
          <Form.Item key={key} label={label} name={key} extra={hint} rules={key === 'primary' ? [required] : []}>
            <ColorInput />
          </Form.Item>
        ))}
      </div>
      <Button type="primary" htmlType="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
        Save Colors
      </Button>
    </Form>
  );
}

/** Seed 001 §2, §5: primary (required), secondary, success, info, error, splashScreenBackground. */
export function Colors() {
  return <SectionScreen id="colors" title={m.colors.title}>{(record) => <ColorsForm record={record} />}</SectionScreen>;
}
