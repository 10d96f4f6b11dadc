import { colors as c, FONT_FAMILY, injectStyles } from '@seatside/ui';

/** The admin area's look: a sans-serif root (guards included), a side navigation and content cards. */
injectStyles(
  'admin-layout',
  `
.adm-root{font-family:${FONT_FAMILY};color:${c.text};min-height:100vh;background:#f6f7fb}
.adm-root h1,.adm-root h2,.adm-root h3{font-family:inherit}
/* Form errors on the grey page (the guards' sign-in form): antd's red is under 4.5:1 there. */
.adm-root .ant-form-item-explain-error{color:#b42318}
.adm-root .ant-list-empty-text{color:rgba(0,0,0,.65)}
.adm-frame{display:grid;grid-template-columns:220px 1fr;min-height:100vh}
.adm-nav{background:#101828;color:#fff;padding:20px 12px;display:flex;flex-direction:column;gap:4px}
.adm-nav .adm-brand{font-weight:700;font-size:18px;padding:4px 12px 16px;color:#fff;text-decoration:none}
.adm-nav a.adm-link{color:#d0d5dd;text-decoration:none;padding:8px 12px;border-radius:8px;font-size:15px}
.adm-nav a.adm-link:hover{background:#1d2939;color:#fff}
.adm-nav a.adm-link[aria-current=page]{background:${c.brand};color:#fff}
.adm-main{padding:28px 32px;min-width:0}
.adm-main h1{margin:0 0 20px;font-size:26px}
.adm-card{background:#fff;border:1px solid #e4e7ec;border-radius:12px;padding:20px;margin-bottom:20px}
.adm-toolbar{display:flex;gap:12px;align-items:center;flex-wrap:wrap;margin-bottom:16px}
.adm-toolbar input[type=search],.adm-field input,.adm-field textarea,.adm-field select{font:inherit;padding:8px 12px;border:1px solid #d0d5dd;border-radius:8px;min-width:240px}
.adm-field{display:flex;flex-direction:column;gap:6px;margin-bottom:16px}
.adm-field label{font-weight:600}
.adm-field textarea{min-height:280px;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:14px}
.adm-error{color:#b42318;font-size:14px}
.adm-btn{font:inherit;cursor:pointer;border:1px solid #d0d5dd;background:#fff;border-radius:8px;padding:8px 14px;color:${c.text};text-decoration:none;display:inline-block}
.adm-btn:hover{border-color:${c.brand};color:${c.brand}}
.adm-btn-primary{background:${c.brand};border-color:${c.brand};color:#fff}
.adm-btn-primary:hover{color:#fff;filter:brightness(1.08)}
.adm-muted{color:#475467}
.adm-badge{display:inline-block;min-width:22px;padding:2px 8px;border-radius:999px;background:${c.brand};color:#fff;font-size:13px;font-weight:700;text-align:center}
.adm-notes{list-style:none;margin:0;padding:0}
.adm-notes li+li{border-top:1px solid #eaecf0}
.adm-note{all:unset;box-sizing:border-box;cursor:pointer;display:grid;grid-template-columns:10px minmax(0,1fr) auto;gap:12px;align-items:center;width:100%;padding:12px 8px;overflow-wrap:anywhere}
.adm-note:hover,.adm-note:focus-visible{background:#f2f4f7;outline:2px solid transparent}
.adm-note .dot{width:8px;height:8px;border-radius:50%;background:transparent}
.adm-note[data-read=false] .dot{background:${c.brand}}
.adm-note[data-read=false] strong{font-weight:700}
.adm-note strong{display:block;font-weight:500}
.adm-status{padding:10px 14px;border-radius:8px;margin-bottom:16px}
.adm-status-ok{background:#ecfdf3;color:#05603a}
.adm-status-error{background:#fef3f2;color:#b42318}
.adm-md img{max-width:100%}
.adm-split{display:grid;grid-template-columns:1fr 1fr;gap:20px}
/* A phone: the navigation on top at its own height (a short page's spare height goes to the content,
   not stretched into the links), one column that a file input's width cannot widen, and a
   notification's time under its text. */
@media (max-width:800px){.adm-frame{grid-template-columns:minmax(0,1fr);grid-template-rows:auto 1fr}.adm-nav{flex-direction:row;flex-wrap:wrap;align-items:flex-start}.adm-main{padding:20px 16px}.adm-split{grid-template-columns:minmax(0,1fr)}.adm-field input,.adm-field textarea,.adm-field select{min-width:0}.adm-note{grid-template-columns:10px minmax(0,1fr)}.adm-note>:last-child{grid-column:2}}
`,
);
