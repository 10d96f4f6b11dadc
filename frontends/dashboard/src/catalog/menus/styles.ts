import { colors as c, injectStyles } from '@seatside/ui';

/** The menu card grid (seed 001 §2): banner, title, description and availability per card. */
injectStyles(
  'menus',
  `
.mn-grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:16px}
.mn-card{position:relative;display:flex;flex-direction:column;height:100%;border:1px solid ${c.border};border-radius:12px;overflow:hidden;background:${c.surface}}
.mn-card:hover{box-shadow:0 4px 16px rgba(0,0,0,.08)}
.mn-banner{display:block;width:100%;aspect-ratio:16/7;object-fit:cover;background:${c.subtle}}
.mn-banner-empty{display:flex;align-items:center;justify-content:center;color:#6b7280}
.mn-icon{position:absolute;left:12px;top:12px;width:40px;height:40px;border-radius:50%;object-fit:cover;border:2px solid ${c.surface};background:${c.surface}}
.mn-body{display:flex;flex-direction:column;gap:6px;padding:12px 16px 16px}
.mn-body h2{margin:0;font-size:18px}
.mn-body h2 a{color:${c.brandDark};text-decoration:none}
.mn-body h2 a::after{content:'';position:absolute;inset:0}
.mn-body h2 a:focus-visible{outline:none}
.mn-card:focus-within{outline:3px solid ${c.focus};outline-offset:2px}
.mn-body p{margin:0;color:${c.muted}}
.mn-when{display:inline-flex;align-self:flex-start;padding:2px 10px;border-radius:999px;background:#eef2ff;color:${c.brandDark};font-size:13px;font-weight:500}
.mn-empty{padding:40px 16px;text-align:center;color:${c.muted};border:1px solid ${c.border};border-radius:8px}
.mn-frame{display:flex;flex-direction:column;gap:16px}
`,
);
