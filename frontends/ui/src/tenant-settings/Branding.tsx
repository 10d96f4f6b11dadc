import { useState, type ChangeEvent } from 'react';
import { errorMessage } from './shared';
import { useAlerts } from '../alerts-antd';
import { RequireTenantRole } from '../auth';
import { usePageTitle } from '../title';
import { tenantSettingsApi, type BrandKey, type Tenant } from './api';
import { brandImages, brandingMessages as m } from './messages';
import { useLoad } from './useLoad';
import './styles';

/** Seed 002 §5: image uploads accept png and jpeg. The server checks the bytes; this is the early word. */
const ACCEPTED_TYPES = ['image/png', 'image/jpeg'];
const ACCEPTED_NAMES = /\.(png|jpe?g)$/i;

export const isAcceptedImage = (file: Pick<File, 'type' | 'name'>) =>
  file.type ? ACCEPTED_TYPES.includes(file.type) : ACCEPTED_NAMES.test(file.name);

interface BrandImageFieldProps {
  tenant: Tenant;
  imageKey: BrandKey;
  label: string;
  hint?: string;
  url: string | null;
  onUploaded(url: string): void;
}

function Placeholder() {
  return (
    <span className="ts-brand-empty">
      <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <rect x="3" y="3" width="18" height="18" rx="2" />
        <circle cx="8.5" cy="8.5" r="1.5" />
        <path d="M21 15l-5-5L5 21" />
      </svg>
      {m.noImage}
    </span>
  );
}

/** One brand image: what is there now, and a file picker that uploads on choice. */
function BrandImageField({ tenant, imageKey, label, hint, url, onUploaded }: BrandImageFieldProps) {
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = `brand-${imageKey}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file may be chosen again after a failure.
    input.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) {
      setError(m.notAnImage);
      alerts.error(m.notAnImage);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onUploaded(await tenantSettingsApi.uploadBrandImage(tenant, imageKey, file));
      alerts.success(m.saved);
    } catch (err) {
      const message = errorMessage(err);
      setError(message);
      alerts.error(message);
    } finally {
      setBusy(false);
    }
  };

  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <li className="ts-card ts-brand" data-testid={`brand-${imageKey}`} aria-busy={busy}>
      <h2 className="ts-card-title">{label}</h2>
      {hint && (
        <p className="ts-hint" id={hintId}>
          {hint}
        </p>
      )}
      <div className={`ts-brand-preview${imageKey === 'banner' ? ' ts-brand-wide' : ''}`}>
        {url ? <img src={url} alt={`${label} image`} /> : <Placeholder />}
      </div>
      <label className="ts-upload" htmlFor={inputId}>
        <input
          id={inputId}
          className="ts-sr"
          type="file"
          accept={ACCEPTED_TYPES.join(',')}
          disabled={busy}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => void onChange(event)}
        />
        {busy ? m.uploading : `Upload ${label}`}
      </label>
      {error && (
        <p className="ts-field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function BrandingScreen({ tenant }: { tenant: Tenant }) {
  usePageTitle(m.title);
  const record = useLoad((signal) => tenantSettingsApi.getTenant(tenant, signal), [tenant.collection, tenant.id]);
  // Uploaded here: shown at once (the tenant record catches up from the media service's event).
  const [uploaded, setUploaded] = useState<Partial<Record<BrandKey, string>>>({});
  const stored = record.data?.branding ?? {};
  return (
    <section aria-labelledby="branding-title" aria-busy={record.loading}>
      <div className="ts-head">
        <h1 id="branding-title">{m.title}</h1>
      </div>
      {/* Seed 001 §8: a tenant that cannot be read shows no message; the fields show placeholders. */}
      <ul className="ts-brand-grid" aria-label="Brand images">
        {brandImages.map(({ key, label, ...rest }) => (
          <BrandImageField
            key={key}
            tenant={tenant}
            imageKey={key}
            label={label}
            hint={'hint' in rest ? rest.hint : undefined}
            url={uploaded[key] ?? stored[key] ?? null}
            onUploaded={(url) => setUploaded((current) => ({ ...current, [key]: url }))}
          />
        ))}
      </ul>
    </section>
  );
}

/** Branding (seed 001 §2): Icon, Logo light, Logo Dark and Banner, for any member of the tenant. Render inside a <UiProvider>. */
export function Branding(tenant: Tenant) {
  return (
    <RequireTenantRole collection={tenant.collection} id={tenant.id}>
      <BrandingScreen tenant={tenant} />
    </RequireTenantRole>
  );
}
