import { useState, type ChangeEvent } from 'react';
import { errorMessage } from '@seatside/ui';
import { useAlerts } from '@seatside/ui/src/alerts-antd';
import { accountApi, photoTypes } from '../api';
import { accountMessages as m } from '../messages';

/** Profile photo upload (seed 002 §5: png and jpeg); shows the new photo once stored. */
export function PhotoForm({ photoURL, name, onSaved }: { photoURL: string | null; name: string; onSaved(): unknown }) {
  const alerts = useAlerts();
  const [current, setCurrent] = useState(photoURL);
  const [busy, setBusy] = useState(false);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (!(photoTypes as readonly string[]).includes(file.type)) {
      alerts.error(m.photoType);
      return;
    }
    setBusy(true);
    try {
      const answer = await accountApi.uploadPhoto(file);
      setCurrent(answer.photoURL);
      alerts.success(answer.message);
      await onSaved();
    } catch (err) {
      alerts.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="acc-form" aria-labelledby="acc-photo" aria-busy={busy}>
      <h2 id="acc-photo">Profile photo</h2>
      <div className="acc-photo">
        {current ? (
          <img className="acc-avatar" src={current} alt="Your profile photo" data-testid="profile-photo" />
        ) : (
          <span className="acc-avatar" aria-hidden>
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <input id="acc-photo-file" className="acc-file" type="file" accept={photoTypes.join(',')} onChange={(e) => void onChange(e)} disabled={busy} />
          <label htmlFor="acc-photo-file" className="acc-file-label">
            {busy ? 'Uploading…' : 'Upload photo'}
          </label>
          <p style={{ margin: '8px 0 0', fontSize: 14 }}>PNG or JPEG, at most 2 MB.</p>
        </div>
      </div>
    </section>
  );
}
