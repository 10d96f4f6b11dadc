import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/core';
import { subscribeToNewsletter } from '../api/support';

/** The footer's newsletter sign-up: a confirmation mail follows (double opt-in). */
export function Newsletter() {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      const answer = await subscribeToNewsletter(email);
      setResult({ ok: true, message: answer.message });
      setEmail('');
    } catch (err) {
      setResult({ ok: false, message: err instanceof ApiError ? (err.errors?.email ?? err.message) : 'Something went wrong. Please try again.' });
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="ss-newsletter" onSubmit={(event) => void submit(event)} aria-label="Newsletter" noValidate>
      <label htmlFor="ss-newsletter-email">Subscribe to product news</label>
      <div>
        <input id="ss-newsletter-email" type="email" autoComplete="email" placeholder="you@example.com" value={email} onChange={(event) => setEmail(event.target.value)} />
        <button type="submit" disabled={sending}>
          Subscribe
        </button>
      </div>
      {result && (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'ss-newsletter-ok' : 'ss-newsletter-error'}>
          {result.message}
        </p>
      )}
    </form>
  );
}
