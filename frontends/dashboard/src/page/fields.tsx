import { createContext, useContext, useEffect, useRef, useState } from 'react';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Slider from 'antd/es/slider';
import Switch from 'antd/es/switch';
import { SortableList } from '../catalog/services/SortableList';
import { changeActionType, emptyPage, fieldLabel, menuOptions, productOptions, targetIds, targetKind, targetOptions, type Json, type JsonObject, type JsonSchema, type PageCatalog, type PageData, type PageSchemas } from './model';

/**
 * The field builder: a block's fields drawn from its JSON Schema (GET /v1/page-builder/schema), so
 * a new block type needs no new form. Strings are inputs (markdown and rich text get their editors,
 * 200 px high: seed 002 §9), numbers with bounds sliders, booleans switches, short enums button
 * toggles, sets of sizes the visibility picker, lists of objects repeaters with drag reorder and
 * 'Add item', nullable parts a switch, and actions the action editor.
 */

export const EDITOR_HEIGHT = 200;

/** The merchant's live products and menus, for the product grid's pickers (PageEditor loads them). */
export const CatalogContext = createContext<PageCatalog>({ products: [], menus: [] });

/** The page being edited, for the action editor's Id select (its drawers and views). */
export const PageContext = createContext<PageData>(emptyPage());

/**
 * The selected block's save errors by the field's path within the block ('props.title'), shown under
 * each field until it is changed (docs/catalog-api.md "Page builder": a 400 names the path).
 */
export const FieldErrors = createContext<{ errors: Record<string, string>; clear(path: string): void }>({ errors: {}, clear: () => undefined });

/**
 * The editor's selects are short lists: rendered whole (`virtual={false}`) so every option is in the
 * page and named for assistive technology, rather than only those scrolled into view.
 */
export const selectProps = { virtual: false } as const;

/** The product grid's products: chosen by name from the merchant's real products, stored as ids. */
function ProductsField({ value, onChange }: { value: string[]; onChange(next: string[]): void }) {
  const catalog = useContext(CatalogContext);
  return (
    <label className="pbe-field">
      <span>Products</span>
      <Select
        {...selectProps}
        mode="multiple"
        aria-label="Products"
        placeholder="Choose products by name"
        value={value}
        options={productOptions(catalog, value)}
        optionFilterProp="label"
        onChange={(next: string[]) => onChange(next)}
        style={{ minWidth: 240 }}
      />
      <small className="pbe-muted">Shown when no menu is chosen, in this order.</small>
    </label>
  );
}

/** The product grid's menu: one of the merchant's menus (its products, as they are now), or none. */
function MenuField({ value, onChange }: { value: string; onChange(next: string): void }) {
  const catalog = useContext(CatalogContext);
  return (
    <label className="pbe-field">
      <span>Menu</span>
      <Select {...selectProps} aria-label="Menu" value={value} options={menuOptions(catalog, value)} onChange={(next: string) => onChange(next)} style={{ minWidth: 240 }} />
    </label>
  );
}

const isNull = (schema: JsonSchema) => schema.type === 'null';
const actionMembers = (schema: JsonSchema) => (schema.oneOf ?? schema.anyOf ?? []).filter((member) => member.properties?.type?.const !== undefined);

/** The value a new part of this schema starts with. */
export function defaultOf(schema: JsonSchema, schemas: PageSchemas): Json {
  if (schema.default !== undefined) return schema.default;
  const members = actionMembers(schema);
  if (members.length > 0) return changeActionType({}, 'navigate', schemas.actionDefaults);
  if (schema.anyOf?.some(isNull)) return null;
  if (schema.enum) return schema.enum[0] ?? null;
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, child]) => [key, defaultOf(child, schemas)]));
    case 'array':
      return [];
    case 'number':
    case 'integer':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      return '';
  }
}

/** Rich text: a contentEditable area with bold, italic and link, its HTML saved as it changes. */
function RichTextEditor({ value, onChange, label }: { value: string; onChange(next: string): void; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== value) ref.current.innerHTML = value;
  }, [value]);
  const format = (command: string, argument?: string) => {
    document.execCommand(command, false, argument);
    if (ref.current) onChange(ref.current.innerHTML);
  };
  return (
    <div className="pbe-rich">
      <div className="pbe-toolbar" role="toolbar" aria-label={`${label} formatting`}>
        <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => format('bold')}>
          <b>B</b>
        </Button>
        <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => format('italic')}>
          <i>I</i>
        </Button>
        <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => format('insertUnorderedList')}>
          List
        </Button>
      </div>
      <div
        ref={ref}
        className="pbe-rich-area"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        style={{ height: EDITOR_HEIGHT, boxSizing: 'border-box' }}
        onInput={(e) => onChange((e.target as HTMLDivElement).innerHTML)}
        suppressContentEditableWarning
      />
    </div>
  );
}

/**
 * An action's `id`: one of the page's drawers (open/closeDrawer) or views (tabLink, popups, sheets),
 * chosen from a list, so it always names something the action can open.
 */
function TargetField({ actionType, value, onChange, path }: { actionType: string; value: string; onChange(next: string): void; path: string }) {
  const page = useContext(PageContext);
  const kind = targetKind(actionType) ?? 'view';
  const options = targetOptions(page, actionType, value);
  return (
    <label className="pbe-field">
      <span>Id</span>
      <Select
        {...selectProps}
        aria-label="Id"
        value={value === '' ? undefined : value}
        options={options}
        placeholder={options.length > 0 ? `Choose a ${kind}` : `Add a ${kind} first`}
        status={value !== '' && !targetIds(page, actionType).includes(value) ? 'error' : undefined}
        onChange={(next: string) => onChange(next)}
        style={{ minWidth: 180 }}
      />
      <FieldError path={path} />
    </label>
  );
}

/** Seed 002 §3, §4: the action's type, then that type's options; a type change keeps matching values. */
function ActionEditor({ value, onChange, members, schemas, label, path }: { value: JsonObject; onChange(next: JsonObject): void; members: JsonSchema[]; schemas: PageSchemas; label: string; path: string }) {
  const type = String(value.type ?? '');
  const member = members.find((m) => m.properties?.type?.const === type);
  const { clear } = useContext(FieldErrors);
  const hasTarget = member?.properties?.id !== undefined && targetKind(type) !== null;
  return (
    <fieldset className="pbe-action" data-testid="action-editor">
      <legend>{label}</legend>
      <label className="pbe-field">
        <span>Action type</span>
        <Select
          {...selectProps}
          aria-label="Action type"
          value={type}
          options={members.map((m) => ({ value: String(m.properties?.type?.const), label: String(m.properties?.type?.const) }))}
          onChange={(next: string) => {
            clear(`${path}.type`);
            onChange(changeActionType(value, next, schemas.actionDefaults));
          }}
          style={{ minWidth: 180 }}
        />
        <FieldError path={`${path}.type`} />
      </label>
      {hasTarget ? (
        <TargetField
          actionType={type}
          value={typeof value.id === 'string' ? value.id : ''}
          path={`${path}.id`}
          onChange={(id) => {
            clear(`${path}.id`);
            onChange({ ...value, id });
          }}
        />
      ) : null}
      {member ? <ObjectFields schema={member} value={value} onChange={onChange} schemas={schemas} skip={hasTarget ? ['type', 'id'] : ['type']} path={path} /> : null}
    </fieldset>
  );
}

function Repeater({ items, onChange, schema, schemas, label, path }: { items: Json[]; onChange(next: Json[]): void; schema: JsonSchema; schemas: PageSchemas; label: string; path: string }) {
  // Stable keys for drag reorder: items carry no ids of their own.
  const [keys, setKeys] = useState(() => items.map((_, i) => `item-${i}`));
  const counter = useRef(items.length);
  if (keys.length !== items.length) {
    const next = items.map((_, i) => keys[i] ?? `item-${counter.current++}`);
    setKeys(next.slice(0, items.length));
  }
  const rows = items.map((item, i) => ({ key: keys[i] ?? `item-${i}`, item, index: i }));
  return (
    <fieldset className="pbe-repeater">
      <legend>{label}</legend>
      <SortableList
        items={rows}
        idOf={(row) => row.key}
        nameOf={(row) => `${label} item ${row.index + 1}`}
        label={label}
        itemTestId="repeater-item"
        onReorder={(next) => {
          setKeys(next.map((row) => row.key));
          onChange(next.map((row) => row.item));
        }}
        renderItem={(row) => (
          <div className="pbe-repeater-item">
            <Field schema={schema} value={row.item} onChange={(value) => onChange(items.map((old, i) => (i === row.index ? value : old)))} schemas={schemas} name={`${label} ${row.index + 1}`} path={`${path}.${row.index}`} />
            <Button size="small" danger onClick={() => onChange(items.filter((_, i) => i !== row.index))}>
              Remove
            </Button>
          </div>
        )}
      />
      <Button onClick={() => onChange([...items, defaultOf(schema, schemas)])}>Add item</Button>
    </fieldset>
  );
}

export function ObjectFields({ schema, value, onChange, schemas, path, skip = [] }: { schema: JsonSchema; value: JsonObject; onChange(next: JsonObject): void; schemas: PageSchemas; path: string; skip?: string[] }) {
  return (
    <>
      {Object.entries(schema.properties ?? {})
        .filter(([key]) => !skip.includes(key))
        .map(([key, child]) => (
          <Field key={key} name={key} path={path ? `${path}.${key}` : key} schema={child} value={value[key] ?? defaultOf(child, schemas)} onChange={(next) => onChange({ ...value, [key]: next })} schemas={schemas} />
        ))}
    </>
  );
}

type FieldProps = { schema: JsonSchema; value: Json; onChange(next: Json): void; schemas: PageSchemas; name: string; path: string };

/** Only the selected block's fields are drawn, so its field's path names its error uniquely. */
const errorIdOf = (path: string) => `pbe-error-${path.replace(/\./g, '-')}`;

/** A save error of this field, under it. */
function FieldError({ path }: { path: string }) {
  const message = useContext(FieldErrors).errors[path];
  return message ? <small className="pbe-error" id={errorIdOf(path)} data-testid="field-error">{message}</small> : null;
}

/** One field of a block, with its save error (cleared once the field changes). */
export function Field(props: FieldProps) {
  const { errors, clear } = useContext(FieldErrors);
  const { path, schema, onChange } = props;
  const nullable = schema.anyOf?.find((member) => !isNull(member));
  if (nullable && schema.anyOf?.some(isNull)) return <NullableField {...props} schema={nullable} />;
  const failed = errors[path] !== undefined;
  return (
    <>
      <FieldControl {...props} onChange={failed ? (next) => { clear(path); onChange(next); } : onChange} />
      <FieldError path={path} />
    </>
  );
}

/** A part that may be absent (`null`): a switch, then its fields (which show their own errors). */
function NullableField({ schema, value, onChange, schemas, name, path }: FieldProps) {
  const label = fieldLabel(name);
  return (
    <div className="pbe-nullable">
      <label className="pbe-field pbe-inline">
        <Switch checked={value !== null} onChange={(on) => onChange(on ? defaultOf(schema, schemas) : null)} aria-label={label} />
        <span>{label}</span>
      </label>
      {value !== null ? <Field schema={schema} value={value} onChange={onChange} schemas={schemas} name={name} path={path} /> : <FieldError path={path} />}
    </div>
  );
}

function FieldControl({ schema, value, onChange, schemas, name, path }: FieldProps) {
  const label = fieldLabel(name);
  const members = actionMembers(schema);
  if (members.length > 0) return <ActionEditor value={(value ?? {}) as JsonObject} onChange={onChange} members={members} schemas={schemas} label={label} path={path} />;

  if (name === 'productIds') return <ProductsField value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange} />;
  if (name === 'menuId') return <MenuField value={typeof value === 'string' ? value : ''} onChange={onChange} />;

  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.enum) {
    const options = schema.enum.map((option) => ({ value: String(option), label: String(option) }));
    return (
      <label className="pbe-field">
        <span>{label}</span>
        {options.length <= 4 ? (
          <Radio.Group optionType="button" value={value} options={options} onChange={(e) => onChange(e.target.value as Json)} aria-label={label} />
        ) : (
          <Select {...selectProps} aria-label={label} value={value as string} options={options} onChange={(next: string) => onChange(next)} style={{ minWidth: 180 }} />
        )}
      </label>
    );
  }
  if (type === 'object') return <fieldset className="pbe-object"><legend>{label}</legend><ObjectFields schema={schema} value={(value ?? {}) as JsonObject} onChange={onChange} schemas={schemas} path={path} /></fieldset>;
  if (type === 'array') {
    const items = schema.items ?? {};
    if (items.enum) {
      return (
        <div className="pbe-field">
          <span>{name === 'visibility' ? 'Visible on' : label}</span>
          <Checkbox.Group aria-label={label} value={(value ?? []) as string[]} options={items.enum.map((option) => ({ value: String(option), label: String(option) }))} onChange={(next) => onChange(next as Json)} />
        </div>
      );
    }
    if (items.type === 'object' || items.properties) return <Repeater items={(value ?? []) as Json[]} onChange={onChange} schema={items} schemas={schemas} label={label} path={path} />;
    return (
      <label className="pbe-field">
        <span>{label}</span>
        <Select {...selectProps} mode="tags" aria-label={label} value={(value ?? []) as string[]} onChange={(next: string[]) => onChange(next)} style={{ minWidth: 240 }} />
      </label>
    );
  }
  if (type === 'boolean') {
    return (
      <label className="pbe-field pbe-inline">
        <Switch checked={value === true} onChange={(on) => onChange(on)} aria-label={label} />
        <span>{label}</span>
      </label>
    );
  }
  if (type === 'number' || type === 'integer') {
    const number = typeof value === 'number' ? value : 0;
    return (
      <div className="pbe-field">
        <span>{label}</span>
        <div className="pbe-inline">
          {schema.minimum !== undefined && schema.maximum !== undefined ? (
            <Slider min={schema.minimum} max={schema.maximum} step={1} value={number} onChange={(next: number) => onChange(next)} style={{ flex: 1 }} ariaLabelForHandle={label} />
          ) : null}
          <InputNumber aria-label={label} min={schema.minimum} max={schema.maximum} value={number} onChange={(next) => onChange(typeof next === 'number' ? next : 0)} />
        </div>
      </div>
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (name === 'markdown') {
    return (
      <label className="pbe-field">
        <span>{label}</span>
        <Input.TextArea aria-label={label} value={text} onChange={(e) => onChange(e.target.value)} style={{ height: EDITOR_HEIGHT, fontFamily: 'monospace' }} />
      </label>
    );
  }
  if (name === 'html') return <RichTextEditor value={text} onChange={onChange} label="Rich text" />;
  return <TextField label={label} value={text} onChange={onChange} path={path} />;
}

function TextField({ label, value, onChange, path }: { label: string; value: string; onChange(next: string): void; path: string }) {
  const failed = useContext(FieldErrors).errors[path] !== undefined;
  return (
    <label className="pbe-field">
      <span>{label}</span>
      <Input
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...(failed ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': errorIdOf(path) } : {})}
      />
    </label>
  );
}
