import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { ReactNode } from 'react';
import { tenantSettingsApi, type CheckoutOptions, type TenantRecord } from '../api';
import { useSectionSave, useSettings } from '../context';
import { settingsMessages as m } from '../messages';
import { currencySymbol, numberOrZero, SectionScreen, Toggle } from './parts';

type Options = Partial<CheckoutOptions>;

/** The number fields a card holds: blank saved as 0 (seed 001 §5, seed 002 §5). */
function withNumbers(values: Record<string, unknown>, keys: readonly string[]): Options {
  const out: Record<string, unknown> = { ...values };
  for (const key of keys) if (key in out) out[key] = numberOrZero(out[key]);
  return out as Options;
}

/** One card of the Ordering section: its own form and save ('Settings saved'). */
function OptionsCard({ id, title, initial, numbers, children }: { id: string; title: string; initial: Options; numbers: readonly string[]; children: ReactNode }) {
  const { tenant } = useSettings();
  const [form] = Form.useForm<Options>();
  const { busy, save } = useSectionSave(form, 'checkoutOptions', m.ordering.saved);
  const onFinish = () => {
    const checkoutOptions = withNumbers(form.getFieldsValue(true) as Record<string, unknown>, numbers);
    void save((version) => tenantSettingsApi.saveSettings(tenant, { checkoutOptions }, version));
  };
  return (
    <section className="ts-card" aria-labelledby={`${id}-card-title`} data-testid={`card-${id}`}>
      <h2 className="ts-card-title" id={`${id}-card-title`}>{title}</h2>
      <Form<Options> form={form} layout="vertical" name={id} initialValues={initial} requiredMark={false} disabled={busy} noValidate onFinish={onFinish}>
        {children}
        <Button type="primary" htmlType="submit" loading={busy} style={{ marginTop: 16 }}>
          Save {title}
        </Button>
      </Form>
    </section>
  );
}

const NumberField = ({ name, label, step = 1, min = 0, max, prefix, extra }: { name: string; label: string; step?: number; min?: number; max?: number; prefix?: string; extra?: string }) => (
  <Form.Item label={label} name={name} extra={extra}>
    <Input type="number" step={step} min={min} max={max} prefix={prefix} inputMode="decimal" />
  </Form.Item>
);

const storeNumbers = ['deliveryRaduis', 'deliveryFee', 'minimumOrderAmount', 'preparationTime', 'ageRestriction', 'pickUpPaddingTime', 'pickupTimeSlotsInterval', 'maxOrdersPerSlot'] as const;
const feeNumbers = ['taxRate', 'convenienceFee'] as const;

function OrderingCards({ options }: { options: CheckoutOptions }) {
  const money = currencySymbol(options.currency);
  const pick = <K extends keyof CheckoutOptions>(...keys: K[]) => Object.fromEntries(keys.map((k) => [k, options[k]])) as Pick<CheckoutOptions, K>;
  // Each card sends only its own flags: the server merges fulfillmentTypes key by key.
  const types = (...keys: (keyof CheckoutOptions['fulfillmentTypes'])[]) =>
    Object.fromEntries(keys.map((k) => [k, options.fulfillmentTypes[k]])) as CheckoutOptions['fulfillmentTypes'];
  return (
    <div className="ts-cards">
      <OptionsCard
        id="store"
        title="Checkout & Store Settings"
        numbers={storeNumbers}
        initial={{
          ...pick('paused', 'paymentProcessor', 'forwardOrdersToSquare', 'collectTips', 'enablePayLater', 'enableCoupons', 'anonymousSelfCheckout',
            'restrictUPCItemsToMenuTimes', 'requireAgeRestriction', 'enableGroupOrdering', ...storeNumbers),
          fulfillmentTypes: types('DELIVERY', 'PICKUP', 'SELF_CHECKOUT'),
          pickupMethods: options.pickupMethods,
        }}
      >
        {/* Seed 001 §4: live or paused (paused: diners cannot order). */}
        <Toggle name="paused" label="Pause the store" hint="While paused, diners cannot order." />
        <h3>Fulfillment types</h3>
        <Toggle name={['fulfillmentTypes', 'DELIVERY']} label="Delivery" />
        <Toggle name={['fulfillmentTypes', 'PICKUP']} label="Pickup" />
        <Toggle name={['fulfillmentTypes', 'SELF_CHECKOUT']} label="Self checkout" />
        <h3>Pickup methods</h3>
        <Toggle name={['pickupMethods', 'COUNTER']} label="Counter" />
        <Toggle name={['pickupMethods', 'TABLE']} label="Table" />
        <Toggle name={['pickupMethods', 'CURBSIDE']} label="Curbside" />
        <Toggle name={['pickupMethods', 'DRIVE_THROUGH']} label="Drive-through" />
        <div className="ts-grid" style={{ marginTop: 12 }}>
          <NumberField name="deliveryRaduis" label="Delivery radius (miles)" step={0.1} />
          <NumberField name="deliveryFee" label="Delivery fee" step={0.01} prefix={money} />
          <NumberField name="minimumOrderAmount" label="Minimum order amount" step={0.01} prefix={money} />
          <NumberField name="preparationTime" label="Preparation time (minutes)" />
          <NumberField name="pickUpPaddingTime" label="Pickup padding time (minutes)" />
          <NumberField name="pickupTimeSlotsInterval" label="Pickup time slot interval (minutes)" />
          {/* Pacing (docs/orders-api.md): the kitchen's orders ready per 5-minute window; a full one offers the next. */}
          <NumberField name="maxOrdersPerSlot" label="Orders per 5 minutes" extra="Pacing: at most this many orders ready in each 5 minutes; 0 for no limit." />
          <NumberField name="ageRestriction" label="Age restriction (years)" />
          <Form.Item label="Card payment processor" name="paymentProcessor">
            <select className="ts-select">
              <option value="STRIPE">Stripe</option>
              <option value="SQUARE">Square</option>
            </select>
          </Form.Item>
        </div>
        <Toggle name="forwardOrdersToSquare" label="Forward orders to Square" />
        <Toggle name="collectTips" label="Collect tips" />
        <Toggle name="enablePayLater" label="Enable pay later" />
        <Toggle name="enableCoupons" label="Enable coupons" />
        <Toggle name="anonymousSelfCheckout" label="Anonymous self checkout" />
        <Toggle name="restrictUPCItemsToMenuTimes" label="Restrict UPC items to menu times" />
        <Toggle name="requireAgeRestriction" label={`Require age restriction (${options.ageRestriction}+)`} />
        <Toggle name="enableGroupOrdering" label="Enable group ordering" />
      </OptionsCard>

      <OptionsCard id="tab" title="Tab Ordering" numbers={[]} initial={{ fulfillmentTypes: types('TAB') }}>
        <p className="ts-notice" role="note">{m.ordering.tabNotice}</p>
        <Toggle name={['fulfillmentTypes', 'TAB']} label="Enable Tab Ordering" />
      </OptionsCard>

      <OptionsCard id="tag" title="Tag Ordering" numbers={['tagDeliveryFee']} initial={{ fulfillmentTypes: types('TAG'), ...pick('enableTagMetadataEdit', 'tagDeliveryFee') }}>
        <Toggle name={['fulfillmentTypes', 'TAG']} label="Enable Tag Ordering" hint="Diners order from tags or QR codes at their table or seat." />
        <Toggle name="enableTagMetadataEdit" label="Editable Tag Metadata" hint="Diners may correct the table or seat a tag names." />
        <NumberField name="tagDeliveryFee" label="Tag Ordering Delivery Fee" step={0.01} prefix={money} extra="For staff delivering orders in a large venue." />
      </OptionsCard>

      <OptionsCard
        id="fees"
        title="Payments & Fees"
        numbers={feeNumbers}
        initial={pick('taxRate', 'currency', 'chargePlatformFeeToCustomer', 'chargeCustomerProcessingFee', 'chargeConvenienceFeeForCashTransactions', 'convenienceFee')}
      >
        <div className="ts-grid">
          <NumberField name="taxRate" label="Taxrate" step={0.01} max={100} extra="Percent, 0 to 100." />
          <Form.Item label="Currency" name="currency">
            <select className="ts-select">
              <option value="USD">USD ($)</option>
              <option value="EUR">EUR (€)</option>
            </select>
          </Form.Item>
        </div>
        <Toggle name="chargePlatformFeeToCustomer" label="Charge the platform fee to the customer" />
        <Toggle name="chargeCustomerProcessingFee" label="Charge the customer the card processing fee" />
        <Toggle name="chargeConvenienceFeeForCashTransactions" label="Charge a convenience fee on cash transactions" />
        <NumberField name="convenienceFee" label="Convenience Fee" step={0.01} prefix={money} />
      </OptionsCard>
    </div>
  );
}

/** Seed 001 §3 checkoutOptions and seed 002 §2 Tab ordering, Tag ordering and Payments/fees; each card 'Settings saved'. */
export function Ordering() {
  return (
    <SectionScreen id="ordering" title={m.ordering.title}>
      {(record: TenantRecord) => (record.checkoutOptions ? <OrderingCards options={record.checkoutOptions} /> : <p className="ts-empty">Only merchants take orders.</p>)}
    </SectionScreen>
  );
}
