import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { Rule } from 'antd/es/form';
import { Hint, RecordFormActions, type RecordFormProps } from '@seatside/ui/src/lists';
import { defaultRules, type Modifier, type ModifierInput, type ModifierRules } from './api';
import { modifierMessages as m } from './messages';
import { ModifierOptions, type OptionValues } from './ModifierOptions';

export interface ModifierFormValues {
  title: string;
  instructions: string;
  description: string;
  options: OptionValues[];
  rules: Omit<ModifierRules, 'selectRestriction'> & { selectRestriction: string };
}

export const modifierFields = ['title', 'instructions', 'description', 'options', 'rules'] as const;

export function toFormValues(modifier?: Modifier): ModifierFormValues {
  const rules = { ...defaultRules, ...modifier?.rules };
  return {
    title: modifier?.title ?? '',
    instructions: modifier?.instructions ?? '',
    description: modifier?.description ?? '',
    options: (modifier?.options ?? []).map((o) => ({
      ...(o.id ? { id: o.id } : {}),
      label: o.label,
      additionalCost: String(o.additionalCost ?? 0),
      additionalCalories: String(o.additionalCalories ?? 0),
      preSelected: o.preSelected ?? false,
    })),
    rules: { ...rules, selectRestriction: String(rules.selectRestriction) },
  };
}

const amount = (text: string | undefined) => {
  const value = Number(text ?? 0);
  return Number.isFinite(value) ? value : 0;
};

export function toModifierInput(values: ModifierFormValues, testMode: boolean): ModifierInput {
  const rules = { ...defaultRules, ...values.rules };
  return {
    title: values.title.trim(),
    instructions: values.instructions.trim(),
    description: (values.description ?? '').trim(),
    options: (values.options ?? []).map((o) => ({
      ...(o.id ? { id: o.id } : {}),
      label: (o.label ?? '').trim(),
      additionalCost: amount(o.additionalCost),
      additionalCalories: amount(o.additionalCalories),
      preSelected: !!o.preSelected,
    })),
    rules: {
      required: !!rules.required,
      allowedMultiple: !!rules.allowedMultiple,
      selectRestriction: Math.max(0, Math.trunc(amount(rules.selectRestriction))),
      requireSelectRestriction: !!rules.requireSelectRestriction,
      enableOptionQuantity: !!rules.enableOptionQuantity,
    },
    testMode,
  };
}

const required = (message: string): Rule[] => [{ required: true, whitespace: true, message }];

function RuleCheck({ name, label, hint }: { name: keyof ModifierRules; label: string; hint?: string }) {
  return (
    <Form.Item label={label} name={['rules', name]} valuePropName="checked" extra={hint && <Hint>{hint}</Hint>} style={{ marginBottom: 12 }}>
      <input type="checkbox" className="ls-check" />
    </Form.Item>
  );
}

/** Title, instructions, description, options and selection rules (seed 001 §3) with the §5 messages. */
export function ModifierForm({ form, initial, saving, submitLabel, onSubmit, extra }: RecordFormProps<ModifierFormValues>) {
  const allowedMultiple = Form.useWatch(['rules', 'allowedMultiple'], form) ?? initial.rules.allowedMultiple;
  return (
    <Form<ModifierFormValues> form={form} name="modifier" layout="vertical" initialValues={initial} onFinish={onSubmit} requiredMark={false} className="ls-form">
      <Form.Item label="Title" name="title" rules={required(m.titleRequired)}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Instructions" name="instructions" rules={required(m.instructionsRequired)} extra={<Hint>What the customer is asked, e.g. Choose a size.</Hint>}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={3} />
      </Form.Item>
      <ModifierOptions />
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontSize: 14, marginBottom: 8, color: '#111827', border: 0 }}>{m.rules}</legend>
        <RuleCheck name="required" label="Required" hint="The customer must choose at least one option." />
        <RuleCheck name="allowedMultiple" label="Allow multiple selections" />
        {allowedMultiple && (
          <>
            <Form.Item label="Selection limit" name={['rules', 'selectRestriction']} extra={<Hint>0 for no limit.</Hint>}>
              <Input type="number" min={0} step={1} style={{ maxWidth: 160 }} />
            </Form.Item>
            <RuleCheck name="requireSelectRestriction" label="Require exactly the selection limit" />
          </>
        )}
        <RuleCheck name="enableOptionQuantity" label="Enable option quantity" />
      </fieldset>
      <RecordFormActions saving={saving} submitLabel={submitLabel} extra={extra} />
    </Form>
  );
}
