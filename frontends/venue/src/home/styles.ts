import { colors as c, injectStyles } from '@seatside/ui';

/** The venue home: the Link Merchant search, the sortable list and the merchant detail. */
injectStyles(
  'venue-home',
  `
.vh{display:flex;flex-direction:column;gap:16px;max-width:720px}
.vh h1{margin:0;font-size:24px}
.vh h2{margin:0;font-size:18px}
.vh-search{box-sizing:border-box;width:100%;padding:10px 12px;border:1px solid ${c.border};border-radius:8px;font:inherit}
.vh-hint{color:${c.muted};font-size:14px;margin:0}
.vh-list{list-style:none;margin:0;padding:0;border:1px solid ${c.border};border-radius:8px;background:${c.surface}}
.vh-row{display:flex;align-items:center;gap:12px;padding:10px 12px;border-top:1px solid ${c.border}}
.vh-row:first-child{border-top:0}
.vh-row[draggable="true"]{cursor:grab}
.vh-row.vh-dragging{opacity:.5}
.vh-row.vh-over{box-shadow:inset 0 3px 0 ${c.brandDark}}
.vh-row a{flex:1;min-width:0;color:${c.brandDark};font-weight:600;text-decoration:none;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.vh-icon{flex:none;width:36px;height:36px;border-radius:8px;background:${c.subtle};display:grid;place-items:center;font-weight:700;overflow:hidden}
.vh-icon img{width:100%;height:100%;object-fit:cover}
.vh-grip{flex:none;color:${c.muted}}
.vh-badge{font-size:12px;color:${c.muted};border:1px solid ${c.border};border-radius:999px;padding:2px 8px}
.vh-btn{font:inherit;padding:6px 12px;border-radius:8px;border:1px solid ${c.border};background:${c.surface};cursor:pointer}
.vh-btn:disabled{opacity:.5;cursor:default}
.vh-btn-primary{background:${c.brandDark};border-color:${c.brandDark};color:#fff}
.vh-btn-icon{padding:4px 8px}
.vh-card{border:1px solid ${c.border};border-radius:12px;padding:16px;display:flex;flex-direction:column;gap:12px;background:${c.surface}}
.vh-card-head{display:flex;align-items:center;gap:12px}
.vh-card>.vh-badge{align-self:flex-start}
.vh-actions{display:flex;gap:8px;flex-wrap:wrap}
`,
);
