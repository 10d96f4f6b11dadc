import { colors as c, injectStyles } from '@seatside/ui';

/** The page builder editor: three columns (blocks, fields, preview) and the floating assistant. */
injectStyles(
  'page-builder',
  `
.pbe{display:flex;flex-direction:column;gap:16px;padding-bottom:180px}
.pbe-bar{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.pbe-bar h1{margin-right:auto}
.pbe-grid{display:grid;grid-template-columns:minmax(220px,1fr) minmax(280px,1.4fr) minmax(300px,1.2fr);gap:16px;align-items:start}
@media (max-width:1100px){.pbe-grid{grid-template-columns:1fr}}
.pbe-col{display:flex;flex-direction:column;gap:12px;min-width:0}
.pbe-field{display:flex;flex-direction:column;gap:4px}
.pbe-inline{display:flex;align-items:center;gap:8px;flex-wrap:wrap}
.pbe-field.pbe-inline{flex-direction:row}
.pbe-muted{color:${c.muted}}
.pbe-h2{font-size:18px;margin:0}
.pbe-error{color:#b91c1c}
.pbe-problems{margin:4px 0 0;padding-left:18px}
.pbe-problem{all:unset;cursor:pointer;text-decoration:underline}
.pbe-problem:focus-visible{outline:2px solid ${c.focus}}
.pbe-item{all:unset;cursor:pointer;flex:1}
.pbe-selected{font-weight:700;text-decoration:underline}
.pbe-action,.pbe-repeater,.pbe-object{border:1px solid ${c.border};border-radius:10px;padding:8px 12px;display:flex;flex-direction:column;gap:8px;margin:0}
.pbe-repeater-item{display:flex;flex-direction:column;gap:8px;flex:1}
.pbe-rich-area{border:1px solid ${c.border};border-radius:8px;padding:8px;overflow:auto;background:${c.surface}}
.pbe-toolbar{display:flex;gap:4px;margin-bottom:4px}
.pbe-frame{border:1px solid ${c.border};border-radius:16px;overflow:auto;background:#fff;margin:0 auto;min-height:320px;max-height:640px;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;box-sizing:border-box}
.pbe-frame h2,.pbe-frame h3{line-height:1.2;margin:0}.pbe-frame h2{font-size:20px}.pbe-frame h3{font-size:17px}.pbe-frame p{margin:0}
.pbe-phone{width:375px;max-width:100%}
.pbe-desktop{width:100%}
.pbp-selected{outline:2px solid ${c.focus};outline-offset:-2px}
.pbp-empty{padding:8px 16px;margin:0}
/* Floating above the support launcher (56 px, 20 px from the corner: seed 000 §9's widget), never
   under it; on a small screen, in the page's flow under its header instead, so it covers nothing. */
.pbe-ai{position:fixed;right:20px;bottom:88px;z-index:10;box-sizing:border-box;max-width:calc(100vw - 40px);max-height:calc(100vh - 108px);overflow:auto;display:flex;flex-direction:column;gap:8px;padding:8px 12px;border-radius:12px;background:${c.surface};border:1px solid ${c.border};box-shadow:0 8px 24px rgba(0,0,0,.15)}
.pbe-ai-open{width:300px;padding:12px}
.pbe-ai-toggle{all:unset;cursor:pointer;display:flex;justify-content:space-between;gap:12px;align-items:center}
.pbe-ai-toggle:focus-visible{outline:2px solid ${c.focus};outline-offset:2px}
.pbe-ai-body{display:flex;flex-direction:column;gap:8px}
.pbe-ai-body[hidden]{display:none}
@media (max-width:719.98px){.pbe-bar{order:-2}.pbe-ai{order:-1;position:static;width:auto;max-width:none;max-height:none;box-shadow:none}}
`,
);
