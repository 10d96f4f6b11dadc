import { useEffect, useState } from 'react';
import { defaultQrSettings, parseQrSettings, qrQuery, type QrSettings } from './domain';
import { tagMessages as m } from './messages';
import './styles';

/** Where the QR card's settings are remembered (seed 001 §2: 'settings remembered locally'). */
export const QR_SETTINGS_KEY = 'seatside.tags.qr';

function readSettings(): QrSettings {
  try {
    return parseQrSettings(localStorage.getItem(QR_SETTINGS_KEY));
  } catch {
    return defaultQrSettings;
  }
}

/** The remembered QR settings, shared by the QR card and the list's Download All. */
export function useQrSettings(): [QrSettings, (next: QrSettings) => void] {
  const [settings, setSettings] = useState(readSettings);
  useEffect(() => {
    try {
      localStorage.setItem(QR_SETTINGS_KEY, JSON.stringify(settings));
    } catch {
      // Private browsing without storage: the settings last for the visit.
    }
  }, [settings]);
  return [settings, setSettings];
}

const LEVELS = ['L', 'M', 'Q', 'H'] as const;

/** Seed 001 §2 and §9: the tag's QR image (`/qr/{code}`) with colour, background, margin 0–10 and error correction L, M, Q, H. */
export function QrCard({ code, name }: { code: string; name: string }) {
  const [settings, setSettings] = useQrSettings();
  const src = `/qr/${encodeURIComponent(code)}?${qrQuery(settings)}`;
  return (
    <section className="tg-card" aria-labelledby="tg-qr-title">
      <h3 id="tg-qr-title">{m.qrCode}</h3>
      <img className="tg-qr" src={src} alt={`QR code for ${name}`} data-testid="tag-qr" />
      <div className="tg-link">
        <label className="tg-field">
          {m.color}
          <input type="color" value={settings.color} onChange={(event) => setSettings({ ...settings, color: event.target.value })} />
        </label>
        <label className="tg-field">
          {m.background}
          <input type="color" value={settings.background} onChange={(event) => setSettings({ ...settings, background: event.target.value })} />
        </label>
      </div>
      <label className="tg-field">
        {m.margin}: {settings.margin}
        <input type="range" min={0} max={10} step={1} value={settings.margin} onChange={(event) => setSettings({ ...settings, margin: Number(event.target.value) })} />
      </label>
      <div className="tg-field" role="group" aria-labelledby="tg-ec-label">
        <span id="tg-ec-label">{m.errorCorrection}</span>
        <div className="tg-levels">
          {LEVELS.map((level) => (
            <button key={level} type="button" aria-pressed={settings.errorCorrectionLevel === level} onClick={() => setSettings({ ...settings, errorCorrectionLevel: level })}>
              {level}
            </button>
          ))}
        </div>
      </div>
      <a href={`${src}&download`} download={`${name || code}.png`}>
        {m.downloadQr}
      </a>
    </section>
  );
}
