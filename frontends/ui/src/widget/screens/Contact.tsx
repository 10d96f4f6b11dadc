import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors, sendContact } from '../api';
import { texts } from '../content';
import { validateContact, type ContactErrors, type ContactForm } from '../validation';

const empty: ContactForm = { fullname: '', email: '', phone: '', message: '' };

const fields: { name: keyof ContactForm; label: string; type: string; autoComplete: string }[] = [
  { name: 'fullname', label: 'Full name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'message', label: 'Message', type: 'textarea', autoComplete: 'off' },
];

type Result = { type: 'success' | 'error'; message: string };

/** /contact: the widget's contact form (seed 000 §5) posting to POST /v1/contact. */
export function ContactScreen() {
  const [form, setForm] = useState<ContactForm>(empty);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [result, setResult] = useState<Result>();
  const [busy, setBusy] = useState(false);

  const set = (name: keyof ContactForm, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateContact(form);
    setErrors(found);
    setResult(undefined);
    if (Object.keys(found).length > 0) {
      const first = fields.find((f) => found[f.name]);
      if (first) document.getElementById(`ssw-contact-${first.name}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const reply = await sendContact({
        fullname: form.fullname.trim(),
        email: form.email.trim(),
        phone: form.phone.trim(),
        message: form.message.trim(),
      }, 'widget');
      setResult({ type: 'success', message: reply.message });
      setForm(empty); // spec §7: success resets the form
    } catch (err) {
      setErrors(fieldErrors(err) as ContactErrors);
      setResult({ type: 'error', message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ssw-form" noValidate onSubmit={submit} aria-label="Contact us">
      <p className="ssw-muted" style={{ marginTop: 0 }}>
        {texts.repliesWithin}
      </p>
      {result && (
        <p className={`ssw-alert ssw-alert-${result.type}`} role={result.type === 'error' ? 'alert' : 'status'}>
          {result.message}
        </p>
      )}
      {fields.map(({ name, label, type, autoComplete }) => {
        const id = `ssw-contact-${name}`;
        const error = errors[name];
        const common = {
          id,
          name,
          className: 'ssw-input',
          value: form[name],
          autoComplete,
          'aria-required': true,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        } as const;
        return (
          <div className="ssw-field" key={name}>
            <label htmlFor={id}>{label}</label>
            {type === 'textarea' ? (
              <textarea {...common} rows={4} onChange={(e) => set(name, e.target.value)} />
            ) : (
              <input {...common} type={type} onChange={(e) => set(name, e.target.value)} />
            )}
            {error && (
              <p className="ssw-error" id={`${id}-error`}>
                {error}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="ssw-btn" disabled={busy}>
        {busy ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
