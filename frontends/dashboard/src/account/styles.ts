import { colors as c, injectStyles } from '@seatside/ui';

/** The account page's lists and cards, and the settings page's sections. */
injectStyles(
  'account',
  `
.acc-page{max-width:1100px;margin:0 auto;padding:32px 20px}
.acc-head{display:flex;align-items:center;justify-content:space-between;flex-wrap:wrap;gap:16px;margin-bottom:24px}
.acc-head h1{margin:0;font-size:28px}
.acc-actions{display:flex;align-items:center;gap:12px}
.acc-section{margin-bottom:40px}
.acc-section-head{display:flex;align-items:center;justify-content:space-between;gap:16px;margin-bottom:12px}
.acc-section-head h2{margin:0;font-size:20px}
.acc-button{display:inline-flex;align-items:center;height:40px;padding:0 16px;border-radius:8px;background:${c.brand};color:#fff;text-decoration:none;font-weight:500;white-space:nowrap}
.acc-button:hover{background:${c.brandDark};color:#fff}
.acc-link{color:${c.brandDark};font-weight:500}
.acc-page a:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
.acc-cards{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:16px}
.acc-card{display:flex;flex-direction:column;height:100%;border:1px solid ${c.border};border-radius:12px;overflow:hidden;color:${c.text};text-decoration:none;background:${c.surface}}
.acc-card:hover{box-shadow:0 4px 16px rgba(17,24,39,.08)}
.acc-banner{height:96px;background:${c.subtle};background-size:cover;background-position:center}
.acc-card-body{position:relative;padding:36px 16px 16px}
.acc-icon{position:absolute;top:-28px;left:16px;width:56px;height:56px;border-radius:12px;border:3px solid ${c.surface};background:${c.brand};color:#fff;display:flex;align-items:center;justify-content:center;font-weight:700;font-size:22px;object-fit:cover}
.acc-card h3{margin:0 0 4px;font-size:16px}
.acc-card p{margin:0;color:${c.muted};font-size:14px;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.acc-empty{border:1px dashed ${c.border};border-radius:12px;padding:32px 16px;text-align:center;color:${c.muted}}
.acc-empty-title{margin:0 0 4px;font-weight:600;color:${c.text};font-size:16px}
.acc-empty p{margin:0 0 16px}
.acc-settings{max-width:720px;margin:0 auto;padding:32px 20px}
.acc-settings h1{margin:0 0 8px;font-size:28px}
.acc-form{border:1px solid ${c.border};border-radius:12px;padding:24px;margin-top:24px}
.acc-form h2{margin:0 0 16px;font-size:18px}
.acc-note{margin:0 0 16px;color:${c.muted}}
.acc-row{display:grid;grid-template-columns:1fr 1fr;gap:0 16px}
.acc-photo{display:flex;align-items:center;gap:16px}
.acc-avatar{width:72px;height:72px;border-radius:50%;object-fit:cover;background:${c.subtle};display:flex;align-items:center;justify-content:center;font-size:28px;font-weight:700;color:${c.muted}}
.acc-file{position:absolute;width:1px;height:1px;opacity:0;overflow:hidden}
.acc-file-label{display:inline-flex;align-items:center;height:40px;padding:0 16px;border:1px solid #d9d9d9;border-radius:8px;cursor:pointer;background:${c.surface};font-weight:500}
.acc-file:focus-visible+.acc-file-label{outline:3px solid ${c.focus};outline-offset:2px}
@media (max-width:600px){.acc-row{grid-template-columns:1fr}}
`,
);
