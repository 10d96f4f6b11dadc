import { colors as c, injectStyles } from '@seatside/ui';

/** The order screens: the detail's header, three columns and cards; plain CSS over the list kit. */
injectStyles(
  'orders',
  `
.ord-type{display:inline-flex;align-items:center;gap:6px;color:${c.text}}
.ord-status{display:inline-block;padding:2px 8px;border-radius:999px;font-size:12px;font-weight:600;background:${c.subtle};color:${c.text}}
.ord-live{display:inline-flex;align-items:center;gap:6px;font-size:13px;color:${c.muted}}
.ord-live::before{content:'';width:8px;height:8px;border-radius:50%;background:#9ca3af}
.ord-live[data-status="live"]::before{background:#15803d}
.ord-head{display:flex;align-items:center;gap:12px;flex-wrap:wrap;margin-bottom:16px}
.ord-head h1{margin:0;font-size:24px}
.ord-seat{font-weight:700;color:${c.text}}
.ord-print{margin-left:auto;height:32px;padding:0 12px;border:1px solid ${c.border};border-radius:8px;background:${c.surface};font:inherit;cursor:pointer}
@media print{.ord-print,.ls-back,.ord-actions,.ord-debug,nav,header:not(.ord-head){display:none!important}.ord-head h1{font-size:32px}.ord-columns{grid-template-columns:1fr}}
.ord-head time{color:${c.muted}}
.ord-awaiting{display:inline-block;padding:2px 8px;border-radius:999px;font-size:12px;font-weight:600;background:#fef3c7;color:#92400e;margin-left:6px}
.ord-cancelled{flex-basis:100%;color:#b42318}
.ord-sandbox{display:inline-block;padding:2px 10px;border-radius:999px;font-size:12px;font-weight:600;background:${c.brand};color:#fff}
.ord-columns{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:16px;align-items:start}
.ord-column{display:flex;flex-direction:column;gap:16px;min-width:0}
.ord-card{border:1px solid ${c.border};border-radius:8px;background:${c.surface};padding:16px}
.ord-card h2{margin:0 0 12px;font-size:16px}
.ord-lines{margin:0;display:flex;flex-direction:column;gap:6px}
.ord-line{display:flex;justify-content:space-between;gap:16px}
.ord-line dt{color:${c.muted}}
.ord-line dd{margin:0;text-align:right;font-variant-numeric:tabular-nums;color:${c.text}}
.ord-total{font-weight:700;border-top:1px solid ${c.border};padding-top:6px}
.ord-total dt{color:${c.text}}
.ord-items{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.ord-items li{display:flex;justify-content:space-between;gap:12px}
.ord-items small{display:block;color:${c.muted}}
.ord-actions{display:flex;flex-wrap:wrap;gap:8px}
.ord-debug{margin-top:16px}
.ord-debug pre{margin:12px 0 0;padding:12px;border-radius:8px;background:${c.subtle};color:${c.text};overflow:auto;max-height:480px;font-size:12px}
.ord-field{display:flex;flex-direction:column;gap:6px}
.ord-field input{height:40px;padding:0 11px;border:1px solid #d9d9d9;border-radius:8px;font:inherit;color:${c.text}}
.ord-field input:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
.ord-form{display:flex;flex-direction:column;gap:12px}
.ord-form p{margin:0}
.ord-field input[aria-invalid="true"]{border-color:#b42318}
.ord-field .ord-error{color:#b42318}
@media (max-width:1023px){.ord-columns{grid-template-columns:1fr}}
`,
);
