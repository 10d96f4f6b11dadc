import { currencySymbol } from '@seatside/rules';
import { useMerchantCurrency } from '../../merchant/currency';
import { useParams } from 'react-router';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { modifierMessages as m } from './messages';

/** An option as the form holds it: amounts stay text until submit. */
export interface OptionValues {
  id?: string;
  label: string;
  additionalCost: string;
  additionalCalories: string;
  preSelected: boolean;
}

export const newOption = (): OptionValues => ({ label: '', additionalCost: '0', additionalCalories: '0', preSelected: false });

const legendStyle = { fontSize: 14, marginBottom: 8, color: '#111827', border: 0 } as const;
const errorStyle = { color: '#b42318', margin: '8px 0 0' } as const;
const rowStyle = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 8 } as const;

/** The options list: label, additional cost and calories, pre-selected; add and remove. */
export function ModifierOptions() {
  const { merchantId = '' } = useParams();
  const symbol = currencySymbol(useMerchantCurrency(merchantId));
  const form = Form.useFormInstance();
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 24px' }}>
      <legend style={legendStyle}>{m.options}</legend>
      <Form.List name="options">
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.length === 0 && <p style={{ color: '#4b5563', margin: '0 0 8px' }}>{m.noOptions}</p>}
            {fields.map((field, index) => {
              const n = index + 1;
              return (
                <div key={field.key} style={rowStyle} data-testid="modifier-option">
                  <Form.Item name={[field.name, 'id']} hidden>
                    <input />
                  </Form.Item>
                  <Form.Item name={[field.name, 'label']} noStyle>
                    <Input aria-label={`Option ${n} label`} placeholder="Label" autoComplete="off" style={{ flex: '2 1 160px' }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'additionalCost']} noStyle>
                    <Input aria-label={`Option ${n} additional cost`} type="number" min={0} step="any" prefix={symbol} style={{ flex: '1 1 110px' }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'additionalCalories']} noStyle>
                    <Input aria-label={`Option ${n} additional calories`} type="number" min={0} step="any" suffix="cal" style={{ flex: '1 1 110px' }} />
                  </Form.Item>
                  <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                    <Form.Item name={[field.name, 'preSelected']} valuePropName="checked" noStyle>
                      <input type="checkbox" className="ls-check" aria-label={`Option ${n} pre-selected`} />
                    </Form.Item>
                    <span aria-hidden="true">Pre-selected</span>
                  </label>
                  <Button onClick={() => remove(field.name)} aria-label={`Remove option ${n}`}>
                    Remove
                  </Button>
                </div>
              );
            })}
            <Button
              onClick={() => {
                add(newOption());
                // An option added answers 'needs at least one option'; the next save is judged afresh.
                form.setFields([{ name: 'options', errors: [] }]);
              }}
            >
              <span aria-hidden="true">+</span> {m.addOption}
            </Button>
            {/* The server's word on the options as a whole ('A required modifier needs at least one option'). */}
            {errors.map((error, i) => (
              <p key={i} role="alert" style={errorStyle}>
                {error}
              </p>
            ))}
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
