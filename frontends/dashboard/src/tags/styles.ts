import { colors as c, injectStyles } from '@seatside/ui';

/** The tag screens: the list beside a 400 px side panel (full screen on a phone), cards, the QR card and the stats bars. */
injectStyles(
  'tags',
  `
.tg-layout{display:flex;gap:24px;align-items:flex-start}
.tg-main{flex:1;min-width:0}
.tg-panel{box-sizing:border-box;flex:none;width:400px;max-width:100%;border:1px solid ${c.border};border-radius:12px;background:${c.surface};padding:16px;display:flex;flex-direction:column;gap:16px}
@media (max-width: 720px){
  .tg-layout{display:block}
  .tg-panel{position:fixed;inset:0;width:auto;z-index:1000;border-radius:0;overflow:auto}
}
.tg-panel-head{display:flex;align-items:center;justify-content:space-between;gap:8px}
.tg-panel-head h2{margin:0;font-size:20px}
.tg-tools{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.tg-search{min-width:200px;flex:1;padding:6px 10px;border:1px solid ${c.border};border-radius:8px;font:inherit}
.tg-list{list-style:none;margin:16px 0 0;padding:0;border:1px solid ${c.border};border-radius:8px}
.tg-row{display:flex;align-items:center;gap:16px;padding:12px 16px;border-top:1px solid ${c.border}}
.tg-row:first-child{border-top:0}
.tg-row a{flex:1;min-width:0;color:${c.brandDark};font-weight:600}
.tg-row a[aria-current="page"]{text-decoration:underline}
.tg-row-stats{display:flex;gap:12px;color:${c.muted};font-size:14px}
.tg-empty{padding:40px 16px;text-align:center;color:${c.muted};border:1px solid ${c.border};border-radius:8px;margin-top:16px}
.tg-card{border:1px solid ${c.border};border-radius:10px;padding:12px;display:flex;flex-direction:column;gap:10px}
.tg-card h3{margin:0;font-size:16px;display:flex;justify-content:space-between;align-items:center}
.tg-pair{display:flex;gap:6px;align-items:center;flex-wrap:wrap}
.tg-pair input[type="text"]{flex:1;min-width:80px;padding:4px 8px;border:1px solid ${c.border};border-radius:6px;font:inherit}
.tg-hint{color:${c.muted};font-size:13px;margin:0}
.tg-field{display:flex;flex-direction:column;gap:4px}
.tg-field input[type="text"]{padding:6px 8px;border:1px solid ${c.border};border-radius:6px;font:inherit}
.tg-link{display:flex;gap:8px;align-items:center}
.tg-link a{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tg-qr{display:block;width:200px;height:200px;margin:0 auto;border:1px solid ${c.border};image-rendering:pixelated}
.tg-levels{display:flex;gap:4px}
.tg-levels button[aria-pressed="true"]{background:${c.brand};color:#fff;border-color:${c.brand}}
.tg-levels button{min-width:36px;padding:4px 8px;border:1px solid ${c.border};border-radius:6px;background:${c.surface};cursor:pointer}
.tg-bars{display:flex;align-items:flex-end;gap:2px;height:80px;border-bottom:1px solid ${c.border}}
.tg-bar{flex:1;display:flex;flex-direction:column-reverse;height:100%}
.tg-bar span{display:block;min-height:0}
.tg-bar .tg-scans{background:${c.brand}}
.tg-bar .tg-orders{background:${c.focus}}
.tg-legend{display:flex;gap:12px;font-size:13px;color:${c.muted}}
.tg-actions{display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end}
.tg-dialog{border:0;border-radius:12px;padding:20px;max-width:420px;width:calc(100% - 32px)}
.tg-dialog video{width:100%;border-radius:8px;background:#000}
.tg-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`,
);
