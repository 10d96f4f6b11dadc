import { FONT_FAMILY, injectStyles } from '@seatside/ui';

/** The kitchen display (a tablet, full screen, dark, big touch targets) and the runner view (a phone). */
injectStyles(
  'kitchen',
  `
.kd-screen,.rv-screen{min-height:100vh;background:#111827;color:#f9fafb;padding:12px;box-sizing:border-box;font-family:${FONT_FAMILY};font-size:16px}
.kd-bar{display:flex;align-items:center;gap:16px;flex-wrap:wrap;margin-bottom:12px}
.kd-bar h1{margin:0;font-size:24px}
.kd-live{margin-left:auto;display:inline-flex;align-items:center;gap:6px;color:#d1d5db}
.kd-live::before{content:'';width:10px;height:10px;border-radius:50%;background:#9ca3af}
.kd-live[data-status="live"]::before{background:#22c55e}
.kd-sound{display:inline-flex;align-items:center;min-height:44px;padding:0 12px;border-radius:8px;border:2px solid #374151;background:transparent;color:#d1d5db;font:inherit}
button.kd-sound{border-color:#facc15;color:#fde68a;font-weight:700;cursor:pointer;touch-action:manipulation}
button.kd-sound:focus-visible{outline:3px solid #facc15;outline-offset:2px}
.kd-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.kd-empty{font-size:20px;color:#9ca3af}
.kd-board{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:10px;contain:layout}
.kd-ticket{contain:content;content-visibility:auto;contain-intrinsic-size:auto 220px auto 160px}
.kd-bump{width:100%;min-height:140px;text-align:left;display:flex;flex-direction:column;gap:8px;padding:12px;border-radius:10px;border:3px solid #374151;background:#1f2937;color:inherit;font:inherit;cursor:pointer;touch-action:manipulation}
.kd-accepted .kd-bump{border-color:#2563eb}
.kd-late .kd-bump{border-color:#dc2626;background:#450a0a}
.kd-bump:focus-visible{outline:3px solid #facc15;outline-offset:2px}
.kd-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:8px}
.kd-code,.kd-seat{font-size:22px}
.kd-seat{color:#fde68a}
.kd-pickup{color:#d1d5db;font-weight:600}
.kd-scheduled{align-self:flex-start;padding:2px 8px;border-radius:6px;background:#1e3a8a;color:#dbeafe;font-size:18px}
.kd-age{margin-left:auto;color:#d1d5db;font-variant-numeric:tabular-nums}
.kd-late .kd-age{color:#fecaca;font-weight:700}
.kd-items{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
.kd-items small{display:block;color:#d1d5db;margin-left:22px}
.kd-action{margin-top:auto;align-self:stretch;text-align:center;padding:10px;border-radius:8px;background:#374151;font-weight:700;font-size:18px}
.kd-accepted .kd-action{background:#2563eb}
.rv-group h2{font-size:20px;margin:16px 0 8px;color:#fde68a}
.rv-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:10px}
.rv-order{background:#1f2937;border-radius:10px;padding:12px;display:flex;flex-direction:column;gap:8px}
.rv-where{display:flex;align-items:baseline;justify-content:space-between;gap:8px}
.rv-seat{font-size:22px}
.rv-code{color:#d1d5db;font-weight:600}
.rv-items{margin:0;color:#e5e7eb}
.rv-collect{margin:0;color:#fde68a;font-weight:700;font-size:18px}
.rv-done{min-height:48px;border:0;border-radius:8px;background:#15803d;color:#fff;font:inherit;font-weight:700;font-size:18px;cursor:pointer;touch-action:manipulation}
.rv-done:focus-visible{outline:3px solid #facc15;outline-offset:2px}
`,
);
