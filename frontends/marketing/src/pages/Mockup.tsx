import { useEffect, useState, type ChangeEvent } from 'react';
import { usePageTitle } from '@seatside/ui/src/title';

/** The page's words (seed 000 §2 "Mockup tool page", §8). */
export const mockupMessages = {
  title: 'Screenshot mockups',
  lead: 'Upload a screenshot and see it in an iPhone 14 or iPhone 15 frame. The device is chosen from the screenshot’s size.',
  networkFailure: 'Failed to upload image',
  uploading: 'Making your mockup…',
} as const;

/** The colours offered (seed 000 §9: default Space Black); the server says which colours a model has. */
export const MOCKUP_COLORS: Readonly<Record<string, readonly string[]>> = {
  'iPhone 15': ['Space Black', 'Black', 'Blue', 'Green', 'Yellow', 'Pink'],
  'iPhone 14': ['Space Black', 'Midnight', 'Starlight', 'Purple', 'Blue', 'Red', 'Yellow'],
};

type Result = { url: string; device: string; orientation: string };

/** Seed 000 §7: multipart file and color; an image with device and orientation headers, or json with message. */
async function uploadScreenshot(file: File, color: string): Promise<Result> {
  const form = new FormData();
  form.append('color', color);
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch('/api/mockup', { method: 'POST', body: form });
  } catch {
    throw new Error(mockupMessages.networkFailure);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message || mockupMessages.networkFailure);
  }
  const blob = await res.blob();
  return { url: URL.createObjectURL(blob), device: res.headers.get('device') ?? '', orientation: res.headers.get('orientation') ?? '' };
}

export default function Mockup() {
  usePageTitle(mockupMessages.title);
  const [color, setColor] = useState('Space Black');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => () => void (result && URL.revokeObjectURL(result.url)), [result]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      setResult(await uploadScreenshot(file, color));
    } catch (err) {
      setError(err instanceof Error ? err.message : mockupMessages.networkFailure);
    } finally {
      setBusy(false);
    }
  };

  const picker = (label: string) => (
    <label className="mk-btn" style={{ justifySelf: 'start' }}>
      {label}
      <input type="file" accept="image/png,image/jpeg" onChange={onFile} disabled={busy} style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }} data-testid="mockup-file" />
    </label>
  );

  return (
    <>
      <div className="mk-container mk-page-head">
        <h1>{mockupMessages.title}</h1>
        <p className="mk-lead">{mockupMessages.lead}</p>
      </div>
      <section className="mk-section" style={{ paddingTop: 24 }}>
        <div className="mk-container mk-mockup">
          <form className="mk-calculator" onSubmit={(event) => event.preventDefault()}>
            <label>
              Colour
              <select name="color" value={color} onChange={(event) => setColor(event.target.value)}>
                {Object.entries(MOCKUP_COLORS).map(([device, colors]) => (
                  <optgroup key={device} label={device}>
                    {colors.map((c) => (
                      <option key={`${device}-${c}`} value={c}>
                        {c}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </label>
          </form>
          {error && (
            <div role="alert" className="mk-alert" data-testid="mockup-error">
              {error}
            </div>
          )}
          {busy && <p aria-busy="true">{mockupMessages.uploading}</p>}
          {result ? (
            <>
              <img src={result.url} alt={`The screenshot in an ${result.device} frame, ${result.orientation}`} data-testid="mockup-image" />
              <p className="mk-muted">
                {result.device}, {result.orientation}
              </p>
              <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', position: 'relative' }}>
                <a className="mk-btn" href={result.url} download={`${result.device.replace(/\s+/g, '-')}-mockup.png`}>
                  Download
                </a>
                {picker('Upload more')}
              </div>
            </>
          ) : (
            <div style={{ position: 'relative' }}>{picker('Upload a screenshot')}</div>
          )}
        </div>
      </section>
    </>
  );
}
