import { colors as c, injectStyles } from '../layout/styles';

/** The settings layout, lists and badges; plain CSS so no extra antd components join the share table. */
injectStyles(
  'tenant-settings',
  `
.ts-page{max-width:1100px;margin:0 auto;padding:32px 20px;display:flex;gap:32px;align-items:flex-start}
.ts-menu{flex:0 0 200px}
.ts-menu ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
.ts-menu a{display:block;padding:8px 12px;border-radius:6px;color:${c.text};text-decoration:none;font-weight:500}
.ts-menu a:hover{background:${c.subtle}}
.ts-menu a[aria-current="page"]{color:${c.brandDark};background:${c.subtle}}
.ts-content{flex:1;min-width:0}
.ts-fieldset{border:0;margin:0;padding:0;min-width:0}
.ts-head{display:flex;align-items:center;justify-content:space-between;flex-wrap:wrap;gap:8px 16px;margin-bottom:16px}
.ts-head h1,.ts-head h2{margin:0;font-size:24px}
.ts-list{list-style:none;margin:0;padding:0;border:1px solid ${c.border};border-radius:8px}
.ts-row{display:flex;align-items:center;flex-wrap:wrap;gap:8px 12px;padding:12px 16px;border-top:1px solid ${c.border}}
.ts-row:first-child{border-top:0}
.ts-row-main{flex:1 1 200px;min-width:0;display:flex;flex-direction:column}
.ts-row-title{font-weight:600;color:${c.text};overflow-wrap:anywhere}
.ts-row-sub{color:${c.muted};font-size:14px;overflow-wrap:anywhere}
.ts-row-actions{display:flex;flex-wrap:wrap;gap:8px}
.ts-button{display:inline-flex;align-items:center;height:40px;padding:0 16px;border-radius:8px;background:${c.brand};color:#fff;text-decoration:none;font-weight:500;white-space:nowrap}
.ts-button:hover{background:${c.brandDark};color:#fff}
.ts-button:focus-visible,.ts-menu a:focus-visible,.ts-list a:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
.ts-empty{padding:32px 16px;text-align:center;color:${c.muted}}
.ts-badge{display:inline-block;padding:2px 8px;border-radius:999px;font-size:12px;font-weight:600;white-space:nowrap}
.ts-badge-sandbox{background:#fff4e5;color:#8a4b00}
.ts-badge-production{background:#e6f6ec;color:#0f5f36}
.ts-secret{display:block;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;padding:12px;background:${c.subtle};border-radius:6px;word-break:break-all;margin:12px 0}
.ts-select{width:100%;height:40px;padding:0 11px;border:1px solid #d9d9d9;border-radius:8px;background:${c.surface};color:${c.text};font:inherit}
.ts-select:focus{outline:2px solid ${c.brand};outline-offset:1px}
.ts-select[aria-invalid="true"]{border-color:#d4380d}
.ts-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.ts-cards{display:flex;flex-direction:column;gap:16px}
.ts-card{border:1px solid ${c.border};border-radius:12px;padding:20px;background:${c.surface}}
.ts-card-title{margin:0 0 4px;font-size:18px}
.ts-hint{margin:0 0 12px;color:${c.muted};font-size:14px}
.ts-brand-grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px}
.ts-brand{display:flex;flex-direction:column;gap:8px}
.ts-brand .ts-hint{margin:0}
.ts-brand-preview{display:flex;align-items:center;justify-content:center;aspect-ratio:1;background:${c.subtle};border-radius:8px;overflow:hidden}
.ts-brand-wide{aspect-ratio:3/1}
.ts-brand-preview img{max-width:100%;max-height:100%;object-fit:contain}
.ts-brand-empty{display:flex;flex-direction:column;align-items:center;gap:4px;color:${c.muted};font-size:14px}
.ts-upload{display:inline-flex;align-items:center;justify-content:center;height:40px;padding:0 16px;border-radius:8px;border:1px solid ${c.brand};color:${c.brandDark};font-weight:500;cursor:pointer}
.ts-upload:hover{background:${c.subtle}}
.ts-upload:focus-within{outline:3px solid ${c.focus};outline-offset:2px}
.ts-upload:has(input:disabled){cursor:progress;opacity:.7}
.ts-field-error{margin:0;color:#b42318;font-size:14px}
.ts-settings{flex-direction:column;align-items:stretch;gap:20px}
.ts-settings-body{display:flex;gap:32px;align-items:flex-start}
.ts-header{display:flex;align-items:center;justify-content:space-between;gap:16px;flex-wrap:wrap}
.ts-header-main{min-width:0;overflow-wrap:anywhere}
.ts-header-name{margin:0;font-size:20px;font-weight:600;color:${c.text}}
.ts-header-link{margin:4px 0 0;overflow-wrap:anywhere}
.ts-back{display:none}
.ts-debug{margin-top:24px;padding:12px;background:${c.subtle};border-radius:8px;font-size:12px;max-height:480px;overflow:auto}
.ts-form{display:flex;flex-direction:column;gap:4px;max-width:640px}
.ts-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:0 16px}
.ts-toggle{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:8px 0;border-top:1px solid ${c.border}}
.ts-toggle:first-child{border-top:0}
.ts-notice{margin:0 0 12px;padding:12px;border-radius:8px;background:#fff1f0;color:#a8071a;border:1px solid #ffa39e}
.ts-day{display:flex;align-items:center;gap:12px;flex-wrap:wrap;padding:10px 0;border-top:1px solid ${c.border}}
.ts-day:first-child{border-top:0}
.ts-day-name{flex:0 0 110px;font-weight:600}
.ts-day .ts-select{width:auto;min-width:120px}
.ts-pair{display:flex;align-items:flex-start;gap:8px;padding:8px;border:1px solid ${c.border};border-radius:8px;margin-bottom:8px;background:${c.surface}}
.ts-pair[draggable="true"]{cursor:grab}
.ts-pair-fields{flex:1;display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:0 12px}
.ts-pair-actions{display:flex;flex-direction:column;gap:4px}
.ts-pro{display:inline-block;margin-left:8px;padding:0 6px;border-radius:4px;background:#2b2b2b;color:#fff;font-size:11px;font-weight:700}
.ts-records{width:100%;border-collapse:collapse;margin:12px 0;font-size:14px}
.ts-records th,.ts-records td{text-align:left;padding:6px 8px;border-top:1px solid ${c.border};overflow-wrap:anywhere}
.ts-swatch{display:flex;gap:8px;align-items:center}
.ts-swatch input[type=color]{width:40px;height:40px;padding:0;border:1px solid ${c.border};border-radius:8px;background:none}
@media (max-width:767px){.ts-page{flex-direction:column}.ts-settings-body{flex-direction:column;align-items:stretch}.ts-menu{flex:none;width:100%}
.ts-settings[data-view="menu"] .ts-content{display:none}.ts-settings[data-view="section"] .ts-menu{display:none}.ts-back{display:inline-block;margin-bottom:12px}}
`,
);
