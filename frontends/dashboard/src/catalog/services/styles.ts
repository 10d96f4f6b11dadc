import { colors as c, injectStyles } from '@seatside/ui';

/** The service cards and the image list: reorderable rows with a drag handle. */
injectStyles(
  'services',
  `
.sv-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:12px}
.sv-item{display:flex;align-items:stretch;gap:8px;border:1px solid ${c.border};border-radius:12px;background:${c.surface};position:relative}
.sv-dragging{z-index:2;box-shadow:0 8px 24px rgba(0,0,0,.15)}
.sv-handle{flex:none;display:flex;align-items:center;justify-content:center;width:40px;border:0;border-right:1px solid ${c.border};border-radius:12px 0 0 12px;background:${c.subtle};color:${c.muted};cursor:grab;touch-action:none}
.sv-handle:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
.sv-item-body{flex:1;min-width:0;display:flex;align-items:center;gap:16px;padding:12px 16px}
.sv-card-text{flex:1;min-width:0;display:flex;flex-direction:column;gap:4px}
.sv-card-text h2{margin:0;font-size:18px}
.sv-card-text h2 a{color:${c.brandDark};font-weight:600}
.sv-card-text h2 a:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
.sv-card-text p{margin:0;color:${c.muted}}
.sv-facts{display:flex;gap:16px;flex-wrap:wrap;color:${c.text};font-weight:500}
.sv-thumb{flex:none;width:64px;height:64px;border-radius:8px;object-fit:cover;background:${c.subtle}}
.sv-images .sv-item-body{padding:8px 12px}
.sv-url{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:${c.text}}
.sv-add{display:flex;gap:8px;flex-wrap:wrap;margin-top:12px;align-items:center}
.sv-status{min-height:22px;color:${c.muted}}
.sv-empty{padding:40px 16px;text-align:center;color:${c.muted};border:1px solid ${c.border};border-radius:8px}
`,
);
