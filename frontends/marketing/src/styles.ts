import { colors as c, injectStyles } from '@seatside/ui';

/** Styles every marketing page shares (sections, accordion, promo banner). */
injectStyles(
  'marketing',
  `
.mk-container{max-width:1200px;margin:0 auto;padding:0 20px}
.mk-section{padding:64px 0}
.mk-section h2{font-size:clamp(26px,3.5vw,36px);margin:0 0 16px;line-height:1.2}
.mk-lead{font-size:18px;color:${c.muted};max-width:680px;line-height:1.6}
.mk-page-head{padding:56px 0 8px}
.mk-page-head h1{font-size:clamp(32px,5vw,48px);margin:0 0 12px;line-height:1.15}
.mk-btn{display:inline-block;padding:12px 22px;border-radius:10px;background:${c.brand};color:#fff;text-decoration:none;font-weight:600;font-size:16px;border:0;cursor:pointer}
.mk-btn:hover{background:${c.brandDark}}
.mk-btn-ghost{background:transparent;color:${c.brand};border:2px solid ${c.brand}}
.mk-btn-ghost:hover{background:${c.subtle};color:${c.brandDark}}
.mk-site a:focus-visible,.mk-site button:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
.mk-card{border:1px solid ${c.border};border-radius:14px;padding:24px;background:#fff}
.mk-grid{display:grid;gap:20px;grid-template-columns:repeat(auto-fit,minmax(240px,1fr))}
.mk-faq{border:1px solid ${c.border};border-radius:12px;overflow:hidden;max-width:860px}
.mk-faq-item+.mk-faq-item{border-top:1px solid ${c.border}}
.mk-faq-item h3{margin:0;font-size:inherit}
.mk-faq-q{width:100%;display:flex;justify-content:space-between;align-items:center;gap:16px;padding:18px 20px;background:#fff;border:0;text-align:left;font:inherit;font-size:17px;font-weight:600;color:${c.text};cursor:pointer}
.mk-faq-q:hover{background:${c.subtle}}
.mk-faq-q::after{content:'+';font-size:22px;color:${c.brand};transition:transform .2s}
.mk-faq-q[aria-expanded="true"]::after{transform:rotate(45deg)}
.mk-faq-a{padding:0 20px 18px;color:${c.muted};line-height:1.6;margin:0}
.mk-muted{color:${c.muted}}
.mk-reveal{opacity:0;transform:translateY(24px);transition:opacity .6s ease,transform .6s ease}
.mk-reveal.is-visible{opacity:1;transform:none}
.mk-reveal.is-instant{transition:none}
.mk-promo{background:${c.brandDark};color:#fff}
.mk-promo-inner{max-width:1200px;margin:0 auto;padding:10px 20px;display:flex;align-items:center;gap:16px;flex-wrap:wrap}
.mk-promo p{margin:0;flex:1;min-width:200px}
.mk-promo a{color:#fff;font-weight:700;text-decoration:underline}
.mk-promo button{background:transparent;border:1px solid rgba(255,255,255,.6);color:#fff;border-radius:6px;width:36px;height:36px;font-size:20px;line-height:1;cursor:pointer}
.mk-promo a:focus-visible,.mk-promo button:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
.mk-calculator{display:grid;gap:16px;max-width:420px}
.mk-calculator label{display:grid;gap:6px;font-weight:600}
.mk-calculator input,.mk-calculator select{font:inherit;padding:10px 12px;border:1px solid ${c.border};border-radius:8px}
.mk-calculator input:focus-visible,.mk-calculator select:focus-visible{outline:3px solid ${c.focus};outline-offset:1px}
.mk-earnings{font-size:20px;margin:24px 0 8px}
.mk-earnings strong{font-size:28px;color:${c.brandDark}}
.mk-mockup{display:grid;gap:16px;max-width:520px}
.mk-alert{border:1px solid #e5484d;background:#fff1f1;color:#a0151b;border-radius:8px;padding:12px 16px}
.mk-mockup label.mk-btn:focus-within{outline:3px solid ${c.focus};outline-offset:2px}
.mk-mockup img{max-width:100%;max-height:640px;object-fit:contain}
@media (prefers-reduced-motion:reduce){.mk-reveal{transition:none;transform:none}}
`,
);
