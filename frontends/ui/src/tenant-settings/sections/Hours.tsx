import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Switch from 'antd/es/switch';
import { tenantSettingsApi, type DayHours, type TenantRecord } from '../api';
import { useSectionSave, useSettings } from '../context';
import { settingsMessages as m } from '../messages';
import { SectionScreen } from './parts';

/** Sunday first (seed 002 §9: the week starts on Sunday). */
export const WEEK_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** '0930' → '9:30 AM' (seed 001 §9: times shown in 12-hour form, stored as HHMM). */
export function hhmmTo12Hour(hhmm: string): string {
  const hours = Number(hhmm.slice(0, 2));
  const minutes = hhmm.slice(2, 4);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Every quarter hour of the day as HHMM. */
const TIMES = Array.from({ length: 96 }, (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}${String((i % 4) * 15).padStart(2, '0')}`);

/**
 * A day the saved hours do not name. A store with no hours at all is open all day (docs/orders-api.md
 * "Opening hours": a new store takes orders before anyone fills them in), so its days show open, 24
 * hours, as diners find it, and saving the page as shown keeps it so. Hours are saved for all seven
 * days at once, so otherwise a missing day is closed.
 */
const defaultDay = (day: string, noHours: boolean): DayHours => ({ day, isOpen: noHours, openAllDay: noHours, open: { time: '0900' }, close: { time: '1700' } });

function TimeSelect({ value, onChange, label, id }: { value?: string | null; onChange?: (value: string) => void; label: string; id?: string }) {
  // A stored time off the quarter hours is offered too, so it shows as it is.
  const times = value && !TIMES.includes(value) ? [...TIMES, value].sort() : TIMES;
  return (
    <select id={id} className="ts-select" aria-label={label} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)}>
      {times.map((time) => (
        <option key={time} value={time}>
          {hhmmTo12Hour(time)}
        </option>
      ))}
    </select>
  );
}

function HoursForm({ record }: { record: TenantRecord }) {
  const { tenant } = useSettings();
  const [form] = Form.useForm<{ hours: DayHours[] }>();
  const { busy, save } = useSectionSave(form, 'hours', m.hours.saved);
  const saved = record.hours ?? [];
  const hours = WEEK_DAYS.map((day) => {
    const entry = saved.find((d) => d.day === day);
    return entry ? { ...entry, open: { time: entry.open.time ?? '0900' }, close: { time: entry.close.time ?? '1700' } } : defaultDay(day, saved.length === 0);
  });
  const watched = Form.useWatch('hours', form) ?? hours;
  return (
    <Form form={form} name="hours" initialValues={{ hours }} disabled={busy} noValidate className="ts-form"
      // Every day as the form holds it, times of closed days too (unmounted fields are still in the store).
      onFinish={() => void save((version) => tenantSettingsApi.saveSettings(tenant, { hours: (form.getFieldsValue(true) as { hours: DayHours[] }).hours }, version))}>
      <ul className="ts-list" style={{ padding: '0 16px' }} aria-label="Opening hours">
        {WEEK_DAYS.map((day, i) => {
          const current = watched[i] ?? hours[i]!;
          return (
            <li key={day} className="ts-day" data-testid={`day-${day}`}>
              <span className="ts-day-name" id={`day-${day}`}>{day}</span>
              <label className="ts-swatch">
                <Form.Item name={['hours', i, 'isOpen']} valuePropName="checked" noStyle>
                  <Switch aria-label={`${day} ${m.hours.open}`} />
                </Form.Item>
                {current.isOpen ? m.hours.open : 'Closed'}
              </label>
              {/* Seed 001 §4: the 24 Hours toggle only when the day is open. */}
              {current.isOpen && (
                <label className="ts-swatch">
                  <Form.Item name={['hours', i, 'openAllDay']} valuePropName="checked" noStyle>
                    <Switch aria-label={`${day} ${m.hours.allDay}`} />
                  </Form.Item>
                  {m.hours.allDay}
                </label>
              )}
              {current.isOpen && !current.openAllDay && (
                <>
                  <Form.Item name={['hours', i, 'open', 'time']} noStyle>
                    <TimeSelect label={`${day} opens`} />
                  </Form.Item>
                  <span aria-hidden="true">–</span>
                  <Form.Item name={['hours', i, 'close', 'time']} noStyle>
                    <TimeSelect label={`${day} closes`} />
                  </Form.Item>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <Button type="primary" htmlType="submit" loading={busy} style={{ marginTop: 16, alignSelf: 'flex-start' }}>
        Save Hours
      </Button>
    </Form>
  );
}

/** Seed 001 §4: per day closed, open with times or open 24 hours; 'Hours saved successfully'. */
export function Hours() {
  return <SectionScreen id="hours" title={m.hours.title}>{(record) => <HoursForm record={record} />}</SectionScreen>;
}
