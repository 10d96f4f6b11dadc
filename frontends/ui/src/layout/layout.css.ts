import { FONT_FAMILY } from '../theme';
import { colors as c } from './styles';

/** The site header, mobile menu and footer. Mobile is < 768 px. */
export const layoutCss = `
.ss-site{min-height:100vh;display:flex;flex-direction:column;background:${c.surface};color:${c.text};font-family:${FONT_FAMILY}}
.ss-site main{flex:1 0 auto}
.ss-site a:focus-visible,.ss-site button:focus-visible{outline:3px solid ${c.focus};outline-offset:2px;border-radius:4px}
.ss-skip{position:absolute;left:-9999px;top:0;background:${c.brandDark};color:#fff;padding:8px 12px;z-index:1100}
.ss-skip:focus{left:8px;top:8px}
.ss-header{position:sticky;top:0;z-index:900;background:${c.surface};border-bottom:1px solid ${c.border}}
.ss-header-inner{max-width:1200px;margin:0 auto;padding:0 20px;height:64px;display:flex;align-items:center;gap:24px}
.ss-brand{display:inline-flex;align-items:center;gap:8px;font-weight:700;font-size:20px;color:${c.text};text-decoration:none}
.ss-brand-mark{width:28px;height:28px;border-radius:8px;background:${c.brand};display:inline-block;position:relative}
.ss-brand-mark::after{content:'';position:absolute;inset:8px;border-radius:50%;border:3px solid #fff}
.ss-nav{flex:1}
.ss-nav ul,.ss-account,.ss-mobile ul,.ss-footer ul{list-style:none;margin:0;padding:0}
.ss-nav ul{display:flex;gap:4px}
.ss-link{display:inline-block;padding:8px 12px;border-radius:6px;color:${c.text};text-decoration:none;font-weight:500}
.ss-link:hover{background:${c.subtle}}
.ss-link-button{border:0;background:none;font:inherit;cursor:pointer}
.ss-link[aria-current="page"]{color:${c.brand};background:${c.subtle}}
.ss-account{display:flex;gap:8px;align-items:center}
.ss-cta{display:inline-block;padding:8px 16px;border-radius:8px;background:${c.brand};color:#fff;text-decoration:none;font-weight:600}
.ss-cta:hover{background:${c.brandDark}}
.ss-burger{display:none;margin-left:auto;width:44px;height:44px;border:1px solid ${c.border};border-radius:8px;background:${c.surface};cursor:pointer;align-items:center;justify-content:center}
.ss-burger span,.ss-burger span::before,.ss-burger span::after{display:block;width:20px;height:2px;background:${c.text};position:relative;content:''}
.ss-burger span::before{position:absolute;top:-6px}
.ss-burger span::after{position:absolute;top:6px}
.ss-backdrop{position:fixed;inset:0;background:rgba(17,24,39,.45);z-index:1000;opacity:0;visibility:hidden;transition:opacity .2s}
.ss-mobile{position:fixed;top:0;right:0;bottom:0;width:min(320px,85vw);background:${c.surface};z-index:1001;box-shadow:-8px 0 24px rgba(0,0,0,.15);transform:translateX(100%);visibility:hidden;transition:transform .25s ease,visibility .25s;display:flex;flex-direction:column;padding:16px;overflow-y:auto}
.ss-mobile.is-open{transform:none;visibility:visible}
.ss-backdrop.is-open{opacity:1;visibility:visible}
.ss-mobile-head{display:flex;align-items:center;justify-content:space-between;margin-bottom:16px}
.ss-close{width:44px;height:44px;border:1px solid ${c.border};border-radius:8px;background:${c.surface};font-size:24px;line-height:1;cursor:pointer;color:${c.text}}
.ss-mobile .ss-link,.ss-mobile .ss-cta{display:block;padding:12px;font-size:17px}
.ss-mobile .ss-cta{text-align:center;margin-top:8px}
.ss-mobile hr{border:0;border-top:1px solid ${c.border};margin:12px 0}
.ss-footer{border-top:1px solid ${c.border};background:${c.subtle};color:${c.muted};margin-top:48px}
.ss-footer-inner{max-width:1200px;margin:0 auto;padding:32px 20px;display:flex;flex-wrap:wrap;gap:24px;justify-content:space-between;align-items:center}
.ss-footer ul{display:flex;flex-wrap:wrap;gap:4px}
.ss-newsletter{display:flex;flex-direction:column;gap:6px;color:${c.text}}
.ss-newsletter label{font-weight:600}
.ss-newsletter div{display:flex;gap:8px}
.ss-newsletter input{font:inherit;padding:8px 12px;border:1px solid ${c.border};border-radius:8px;min-width:220px}
.ss-newsletter button{font:inherit;cursor:pointer;padding:8px 14px;border-radius:8px;border:0;background:${c.brand};color:#fff}
.ss-newsletter p{margin:0;font-size:14px}
.ss-newsletter-error{color:#b42318}
.ss-footer .ss-link{color:${c.text}}
.ss-footer .ss-link[aria-current="page"]{background:${c.surface}}
@media (max-width:767.98px){
  .ss-nav,.ss-header .ss-account{display:none}
  .ss-burger{display:inline-flex}
  .ss-newsletter{flex:1 1 100%;min-width:0}
  .ss-newsletter input{min-width:0;width:0;flex:1 1 auto}
}
@media (prefers-reduced-motion:reduce){.ss-mobile,.ss-backdrop{transition:none}}
`;

export const visuallyHiddenCss = `.ss-visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}`;
