import { colors as c, injectStyles } from '@seatside/ui';

/** The merchant's pages inside the dashboard frame (frontends/ui/src/frame). */
injectStyles(
  'merchant',
  `
.mer-title{margin:0 0 4px;font-size:24px;overflow-wrap:anywhere}
.mer-muted{color:${c.muted};margin:0 0 16px;overflow-wrap:anywhere}
.mer-venue-requests{border:1px solid ${c.border};border-radius:12px;padding:12px 16px;margin:0 0 16px;background:${c.surface}}
.mer-venue-requests h2{margin:0 0 8px;font-size:18px}
.mer-venue-requests ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.mer-venue-requests li{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.mer-venue-requests li span{flex:1;min-width:200px}
.mer-venue-requests button{font:inherit;padding:4px 12px;border-radius:8px;border:1px solid ${c.border};background:${c.surface};cursor:pointer}
`,
);
