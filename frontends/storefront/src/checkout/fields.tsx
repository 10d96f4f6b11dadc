import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** A labelled text input with its server message beside it (aria-invalid, aria-describedby). */
export function TextField({ label, error, name, ...input }: { label: string; error?: string | undefined; name: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const id = useId();
  return (
    <div className="sf-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error ? (
        <p id={`${id}-error`} className="sf-error" data-field-error={name}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A group of radio choices with a legend and its server message. */
export function ChoiceGroup<T extends string>({ legend, name, value, choices, onChange, error, children }: {
  legend: string;
  name: string;
  value: T | '';
  choices: { value: T; label: string }[];
  onChange(value: T): void;
  error?: string | undefined;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className="sf-fieldset" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="sf-option">
          <input type="radio" name={name} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
          <span>{choice.label}</span>
        </label>
      ))}
      {children}
      {error ? (
        <p id={`${id}-error`} className="sf-error" data-field-error={name}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
