import { colors as c, injectStyles } from '@seatside/ui';

/** The merchant dashboard frame: a bar with the name and the mode switch, the drawer, the section. */
injectStyles(
  'merchant',
  `
.mer-frame{display:grid;grid-template-columns:220px 1fr;min-height:70vh;max-width:1280px;margin:0 auto}
.mer-bar{grid-column:1/-1;display:flex;align-items:center;justify-content:space-between;gap:16px;padding:12px 20px;border-bottom:1px solid ${c.border}}
.mer-bar-title{margin:0;font-size:18px;font-weight:600}
.mer-sandbox .mer-bar{background:#fff7e6}
.mer-badge{display:inline-block;margin-left:8px;padding:0 8px;border-radius:10px;background:${c.brandDark};color:#fff;font-size:12px;font-weight:500;vertical-align:middle}
.mer-drawer{border-right:1px solid ${c.border};padding:12px 8px}
.mer-drawer ul{list-style:none;margin:0;padding:0}
.mer-drawer a{display:flex;align-items:center;gap:10px;padding:8px 12px;border-radius:8px;color:${c.text};text-decoration:none;font-weight:500}
.mer-drawer a:hover{background:${c.subtle}}
.mer-drawer a.active{background:${c.subtle};color:${c.brandDark}}
.mer-drawer a:focus-visible,.mer-home a:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
.mer-content{padding:24px 20px;min-width:0}
.mer-content h2{margin:0 0 8px;font-size:24px}
.mer-muted{color:${c.muted}}
.mer-home ul{list-style:none;padding:0;margin:16px 0 0;display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:12px}
.mer-home a{display:flex;align-items:center;gap:10px;padding:16px;border:1px solid ${c.border};border-radius:12px;color:${c.text};text-decoration:none;font-weight:500}
@media (max-width:720px){.mer-frame{grid-template-columns:1fr}.mer-drawer{border-right:0;border-bottom:1px solid ${c.border}}.mer-drawer ul{display:flex;flex-wrap:wrap;gap:4px}}
`,
);
