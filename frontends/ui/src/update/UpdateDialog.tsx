import { useState } from 'react';
import { clearCaches, SKIP_WAITING, type WaitingWorker } from './UpdatePrompt';

const css = `
.ssu-prompt{position:fixed;top:16px;left:50%;transform:translateX(-50%);z-index:1002;width:360px;max-width:calc(100vw - 32px);
background:#fff;color:#1f1f1f;border-radius:12px;box-shadow:0 12px 40px rgba(0,0,0,.22);padding:16px 18px;box-sizing:border-box;
font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.ssu-prompt h2{margin:0 0 4px;font-size:16px}
.ssu-prompt p{margin:0 0 12px;color:#434343}
.ssu-actions{display:flex;gap:8px;justify-content:flex-end}
.ssu-btn{border:1px solid #0958d9;border-radius:8px;padding:6px 14px;font:inherit;font-weight:600;cursor:pointer;background:#fff;color:#0958d9}
.ssu-btn-primary{background:#0958d9;color:#fff}
.ssu-btn:focus-visible{outline:3px solid #91caff;outline-offset:2px}
`;

function injectCss() {
  if (typeof document === 'undefined' || document.getElementById('ssu-css')) return;
  const style = document.createElement('style');
  style.id = 'ssu-css';
  style.textContent = css;
  document.head.appendChild(style);
}

/**
 * The update prompt's dialog (UpdatePrompt's lazily loaded chunk): Update Now (clear caches,
 * activate the waiting worker, reload once it controls the page) or Update Later.
 */
export default function UpdateDialog({ waiting, onLater }: { waiting: WaitingWorker; onLater: () => void }) {
  const [updating, setUpdating] = useState(false);
  injectCss();

  const updateNow = async () => {
    setUpdating(true);
    if ('serviceWorker' in navigator) {
      let reloaded = false;
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        if (reloaded) return;
        reloaded = true;
        window.location.reload();
      });
    }
    try {
      await clearCaches();
    } finally {
      waiting.postMessage(SKIP_WAITING);
    }
  };

  return (
    <section className="ssu-prompt" role="alertdialog" aria-modal="false" aria-labelledby="ssu-title" aria-describedby="ssu-desc" data-testid="update-prompt">
      <h2 id="ssu-title">Update available</h2>
      <p id="ssu-desc">A new version of Seatside is ready.</p>
      <div className="ssu-actions">
        <button type="button" className="ssu-btn" onClick={onLater} disabled={updating}>
          Update Later
        </button>
        <button type="button" className="ssu-btn ssu-btn-primary" onClick={() => void updateNow()} disabled={updating}>
          Update Now
        </button>
      </div>
    </section>
  );
}
