import { colors as c, injectStyles } from '../layout/styles';

/** The list kit: plain CSS, so the table, footer and chooser add no antd components to the share table. */
injectStyles(
  'lists',
  `
.ls-screen{max-width:1200px;margin:0 auto;padding:24px 20px}
.ls-head{display:flex;align-items:center;gap:12px;flex-wrap:wrap;margin-bottom:16px}
.ls-head h1{margin:0;font-size:24px;flex:1;min-width:0}
.ls-tools{display:flex;align-items:center;gap:8px;position:relative}
.ls-icon-button{display:inline-flex;align-items:center;justify-content:center;gap:6px;height:40px;min-width:40px;padding:0 12px;border:1px solid ${c.border};border-radius:8px;background:${c.surface};color:${c.text};font:inherit;cursor:pointer}
.ls-icon-button[aria-expanded="true"],.ls-icon-button[aria-pressed="true"]{border-color:${c.brand};color:${c.brandDark}}
.ls-add{display:inline-flex;align-items:center;height:40px;padding:0 16px;border-radius:8px;background:${c.brand};color:#fff;text-decoration:none;font-weight:500;white-space:nowrap}
.ls-add:hover{background:${c.brandDark};color:#fff}
.ls-search{height:40px;width:240px;padding:0 12px;border:1px solid #d9d9d9;border-radius:8px;font:inherit;color:${c.text}}
.ls-chooser{position:absolute;right:0;top:48px;z-index:20;min-width:200px;margin:0;padding:12px 16px;background:${c.surface};border:1px solid ${c.border};border-radius:8px;box-shadow:0 8px 24px rgba(0,0,0,.12)}
.ls-chooser legend{font-weight:600;padding:0;margin-bottom:8px;float:left;width:100%}
.ls-chooser label{display:flex;align-items:center;gap:8px;padding:4px 0;clear:left}
.ls-frame{border:1px solid ${c.border};border-radius:8px;overflow:hidden;background:${c.surface}}
.ls-scroll{overflow-x:auto;position:relative}
.ls-table{width:100%;border-collapse:collapse;font-size:14px}
.ls-table th{text-align:left;font-weight:600;color:${c.text};background:${c.subtle};padding:0 12px;height:44px;white-space:nowrap}
.ls-table td{padding:10px 12px;border-top:1px solid ${c.border};color:${c.text};vertical-align:middle}
.ls-table tbody tr:hover{background:#fafafa}
.ls-sort{display:inline-flex;align-items:center;gap:6px;border:0;background:none;padding:0;font:inherit;font-weight:600;color:inherit;cursor:pointer}
.ls-arrow{flex:none;fill:#c4c8cf}
.ls-arrow .on{fill:${c.brandDark}}
.ls-table a{color:${c.brandDark};font-weight:500}
.ls-cards{list-style:none;margin:0;padding:16px;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
.ls-card{border:1px solid ${c.border};border-radius:8px;padding:16px;display:flex;flex-direction:column;gap:8px}
.ls-card h2{margin:0;font-size:16px}
.ls-card p{margin:0;color:${c.muted}}
.ls-card a{color:${c.brandDark};font-weight:500}
.ls-empty{margin:0;padding:40px 16px;text-align:center;color:${c.muted}}
.ls-footer{display:flex;align-items:center;justify-content:flex-end;gap:16px;height:64px;padding:0 16px;border-top:1px solid ${c.border};color:${c.muted};font-size:14px}
.ls-footer select{height:32px;border:1px solid #d9d9d9;border-radius:6px;background:${c.surface};color:${c.text};font:inherit}
.ls-footer button{height:32px;padding:0 12px;border:1px solid ${c.border};border-radius:6px;background:${c.surface};color:${c.text};font:inherit;cursor:pointer}
.ls-footer button:disabled{color:#9ca3af;cursor:not-allowed}
.ls-screen button:focus-visible,.ls-screen a:focus-visible,.ls-screen select:focus-visible,.ls-screen input:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
.ls-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.ls-drawer{position:fixed;inset:0 0 0 auto;margin:0;height:100%;max-height:100%;width:400px;max-width:100vw;padding:0;border:0;box-shadow:-8px 0 24px rgba(0,0,0,.15);background:${c.surface};color:${c.text}}
.ls-drawer::backdrop{background:rgba(0,0,0,.45)}
.ls-drawer-body{padding:20px 24px}
.ls-drawer-head{display:flex;align-items:center;justify-content:space-between;gap:12px;margin-bottom:20px}
.ls-drawer-head h2{margin:0;font-size:18px}
.ls-drawer a{color:${c.brandDark};font-weight:500}
.ls-drawer button:focus-visible,.ls-drawer a:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
.ls-summary{margin:0;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}
.ls-summary-row{display:contents}
.ls-summary dt{color:${c.muted}}
.ls-summary dd{margin:0;color:${c.text};font-weight:500;word-break:break-word}
@media (max-width:767px){.ls-search{width:160px;max-width:100%}.ls-footer{gap:8px;padding:0 8px}}
@media (max-width:599.98px){.ls-table .ls-wide{display:none}.ls-table th,.ls-table td{padding-left:8px;padding-right:8px}.ls-table th{white-space:normal}.ls-tools{flex-wrap:wrap;max-width:100%}.ls-screen{padding:16px 0}.ls-footer{flex-wrap:wrap;height:auto;min-height:64px;padding:8px;row-gap:8px;justify-content:flex-end}.ls-head h1{flex-basis:100%}}
`,
);

/** Record pages: the form column, the on/off switch and the image list. */
injectStyles(
  'lists-form',
  `
.ls-form{max-width:720px}
.ls-back{display:inline-block;margin:0 0 8px;color:${c.brandDark}}
.ls-badge{display:inline-block;padding:2px 8px;border-radius:999px;font-size:12px;font-weight:600;background:#fff4e5;color:#8a4b00}
.ls-switch{display:inline-flex;align-items:center;gap:10px;border:0;background:none;padding:4px 0;font:inherit;color:${c.text};cursor:pointer}
.ls-switch-track{position:relative;width:44px;height:24px;border-radius:12px;background:#9ca3af;transition:background .2s}
.ls-switch-track::after{content:'';position:absolute;top:2px;left:2px;width:20px;height:20px;border-radius:50%;background:#fff;transition:left .2s}
.ls-switch[aria-checked="true"] .ls-switch-track{background:${c.brand}}
.ls-switch[aria-checked="true"] .ls-switch-track::after{left:22px}
.ls-switch:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
.ls-select{width:100%;height:40px;padding:0 11px;border:1px solid #d9d9d9;border-radius:8px;background:${c.surface};color:${c.text};font:inherit}
.ls-select[aria-invalid="true"]{border-color:#d4380d}
.ls-check{width:18px;height:18px}
.ls-actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:8px}
.ls-thumb{width:48px;height:48px;border-radius:6px;object-fit:cover;display:block;background:${c.subtle}}
.ls-thumb-empty{display:flex;align-items:center;justify-content:center;color:#6b7280;font-size:20px}
.ls-picker{list-style:none;margin:0;padding:8px 12px;border:1px solid ${c.border};border-radius:8px;max-height:240px;overflow:auto}
.ls-picker label{display:flex;gap:8px;align-items:center;padding:4px 0}
`,
);
