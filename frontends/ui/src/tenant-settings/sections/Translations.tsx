import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { tenantSettingsApi, type TenantRecord, type TextTranslation } from '../api';
import { useSectionSave, useSettings } from '../context';
import { settingsMessages as m } from '../messages';
import { SectionScreen } from './parts';
import { ReorderRow } from './Reorder';

function TranslationsForm({ record }: { record: TenantRecord }) {
  const { tenant } = useSettings();
  const [form] = Form.useForm<{ textTranslations: TextTranslation[] }>();
  const { busy, save } = useSectionSave(form, '', m.translations.saved);
  return (
    <Form form={form} layout="vertical" name="text-translations" initialValues={{ textTranslations: record.textTranslations ?? [] }} requiredMark={false} disabled={busy} noValidate
      className="ts-form" onFinish={(values) => void save((version) => tenantSettingsApi.saveSettings(tenant, { textTranslations: values.textTranslations ?? [] }, version))}>
      <p className="ts-hint">Your ordering page replaces each text, in this order, in its own labels, buttons and section names (never in prices).</p>
      <Form.List name="textTranslations">
        {(fields, { add, remove, move }) => (
          <>
            {fields.length === 0 ? (
              <p className="ts-empty">{m.translations.empty}</p>
            ) : (
              <ol style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Translations">
                {fields.map((field, index) => (
                  <ReorderRow key={field.key} index={index} count={fields.length} label={`translation ${index + 1}`} move={move} remove={remove}>
                    <Form.Item label="Search" name={[field.name, 'search']} rules={[{ required: true, message: m.required }]}>
                      <Input aria-label={`Search ${index + 1}`} />
                    </Form.Item>
                    <Form.Item label="Replace" name={[field.name, 'replace']}>
                      <Input aria-label={`Replace ${index + 1}`} />
                    </Form.Item>
                  </ReorderRow>
                ))}
              </ol>
            )}
            <Button onClick={() => add({ search: '', replace: '' })} style={{ alignSelf: 'flex-start' }}>
              Add translation
            </Button>
          </>
        )}
      </Form.List>
      <Button type="primary" htmlType="submit" loading={busy} style={{ marginTop: 16, alignSelf: 'flex-start' }}>
        Save Translations
      </Button>
    </Form>
  );
}

/** Seed 002 §2: drag-reorderable search/replace pairs; 'No translations.'; 'Translations saved successfully'. */
export function TextTranslations() {
  return <SectionScreen id="text-translations" title={m.translations.title}>{(record) => <TranslationsForm record={record} />}</SectionScreen>;
}
