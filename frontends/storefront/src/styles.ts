import { PAGE_THEME_DEFAULTS, cssVariables } from '@seatside/ui/src/page/theme';

// The storefront's own small stylesheet (no antd: the page a diner opens on a phone stays small).
// Merchant colours and fonts arrive as CSS variables on `.sf` (domain/theme.ts).
const css = `
body:has(.sf){margin:0}
.sf{${cssVariables(PAGE_THEME_DEFAULTS)}--sf-font:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;--sf-font-head:var(--sf-font);
--sf-text:#1a1a1a;--sf-muted:#555;--sf-bg:#fff;--sf-error:#b3261e;
font:16px/1.45 var(--sf-font);color:var(--sf-text);background:var(--sf-bg);max-width:640px;margin:0 auto;padding-bottom:112px;min-height:100vh;box-sizing:border-box}
.sf *,.sf *::before,.sf *::after{box-sizing:border-box}
.sf h1,.sf h2,.sf h3{font-family:var(--sf-font-head);line-height:1.2;margin:0}
.sf h1{font-size:24px}.sf h2{font-size:20px}.sf h3{font-size:17px}
.sf p{margin:0}
.sf a:not(.sf-btn){color:var(--sf-primary-text)}
.sf :focus-visible{outline:3px solid var(--sf-primary-text);outline-offset:2px;box-shadow:0 0 0 5px #fff}
.sf-banner{display:block;width:100%;height:150px;object-fit:cover;background:#eee}
.sf-head{padding:16px;display:grid;grid-template-columns:auto 1fr;gap:4px 12px;align-items:center}
.sf-icon{grid-row:span 2;width:56px;height:56px;border-radius:12px;object-fit:cover;border:1px solid var(--sf-line);background:#fff}
.sf-head .sf-desc,.sf-head .sf-facts{grid-column:1/-1}
.sf-desc{color:var(--sf-muted)}
.sf-facts{display:flex;flex-wrap:wrap;gap:6px 12px;font-size:14px;color:var(--sf-muted)}
.sf-facts-row{min-height:1.45em}
.sf-chip{display:inline-block;border-radius:999px;padding:2px 10px;background:#f1f1f1;color:var(--sf-text);font-size:14px;font-weight:600}
.sf-link{display:inline-flex;align-items:center;gap:4px;text-decoration:none}
.sf-note{margin:0 16px 12px;padding:10px 12px;border-radius:10px;background:#fff4e5;color:#5c3b00;border:1px solid #f3c26b}
.sf-alert{margin:12px 0;padding:10px 12px;border-radius:10px;background:#fdecea;color:var(--sf-error);border:1px solid #f1aeb5}
.sf-menu{padding:8px 16px 16px;border-top:8px solid #f5f5f5}
.sf-menu>header{padding:8px 0}
.sf-menu>header p{color:var(--sf-muted);font-size:14px}
.sf-menu-banner{display:block;width:100%;height:96px;object-fit:cover;border-radius:10px;margin-bottom:8px}
.sf-products{list-style:none;margin:0;padding:0}
.sf-products li+li{border-top:1px solid var(--sf-line)}
.sf-product{all:unset;box-sizing:border-box;display:grid;grid-template-columns:1fr auto;gap:12px;width:100%;padding:12px 0;cursor:pointer}
.sf-product:focus-visible{outline:3px solid var(--sf-primary-text);outline-offset:2px}
.sf-product[aria-disabled="true"]{cursor:default;opacity:.75}
.sf-product-text{display:flex;flex-direction:column;gap:4px;min-width:0}
.sf-product-desc{color:var(--sf-muted);font-size:14px;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.sf-price{font-weight:600}
.sf-thumb{width:88px;height:88px;border-radius:10px;object-fit:cover;background:#eee}
.sf-soldout{color:var(--sf-error);font-weight:600;font-size:14px}
.sf-btn{font:inherit;font-weight:600;border:0;border-radius:10px;padding:12px 16px;min-height:48px;cursor:pointer;background:var(--sf-primary);color:var(--sf-on-primary);width:100%}
.sf-btn[disabled]{opacity:.55;cursor:not-allowed}
.sf-btn-ghost{background:#fff;color:var(--sf-text);border:1px solid #8a8a8a}
.sf-btn-ghost[aria-pressed="true"],.sf-btn-ghost[role="tab"][aria-selected="true"]{border:2px solid var(--sf-primary-text);background:#f1f1f1}
.sf-icon-btn{font:inherit;font-size:20px;line-height:1;width:40px;height:40px;border-radius:50%;border:1px solid #8a8a8a;background:#fff;color:var(--sf-text);cursor:pointer}
.sf-icon-btn[disabled]{opacity:.45;cursor:not-allowed}
.sf-cartbar{position:fixed;left:12px;right:88px;bottom:20px;z-index:900;max-width:552px;margin:0 auto}
.sf-cartbar .sf-btn{box-shadow:0 6px 20px rgba(0,0,0,.25);display:flex;justify-content:space-between;gap:8px}
.sf-dialog{border:0;padding:0;overflow:auto;width:100%;max-width:560px;max-height:92vh;margin:auto auto 0;border-radius:16px 16px 0 0;color:var(--sf-text);font:16px/1.45 var(--sf-font)}
@media (min-width:600px){.sf-dialog{margin:auto;border-radius:16px}}
.sf-dialog::backdrop{background:rgba(0,0,0,.45)}
.sf-dialog form,.sf-sheet{display:flex;flex-direction:column;gap:16px;padding:16px}
.sf-sheet-head{display:flex;justify-content:space-between;align-items:flex-start;gap:12px}
.sf-sheet-img{width:100%;max-height:200px;object-fit:cover;border-radius:12px}
.sf-fieldset{border:1px solid var(--sf-line);border-radius:12px;padding:8px 12px 12px;margin:0;display:flex;flex-direction:column;gap:8px;min-width:0}
.sf-fieldset legend{font-weight:600;padding:0 4px}
.sf-fieldset[aria-invalid="true"]{border-color:var(--sf-error)}
.sf-hint{color:var(--sf-muted);font-size:14px}
.sf-option{display:flex;align-items:center;gap:10px;min-height:44px}
.sf-option input{width:20px;height:20px;accent-color:var(--sf-primary)}
.sf-cost{margin-left:auto;color:var(--sf-muted);font-size:14px}
.sf-error{color:var(--sf-error);font-size:14px;font-weight:600}
.sf-stepper{display:flex;align-items:center;gap:12px}
.sf-stepper output{min-width:2ch;text-align:center;font-weight:600}
.sf-lines{list-style:none;margin:0;padding:0}
.sf-lines li{display:grid;grid-template-columns:1fr auto;gap:4px 12px;padding:10px 0;border-bottom:1px solid var(--sf-line)}
.sf-lines .sf-hint{grid-column:1/2}
.sf-row{display:flex;justify-content:space-between;gap:12px}
.sf-total{font-weight:700;font-size:18px}
.sf-page{padding:16px;display:flex;flex-direction:column;gap:16px}
.sf-field{display:flex;flex-direction:column;gap:4px}
.sf-field label{font-weight:600}
.sf-field input,.sf-field select{font:inherit;padding:10px 12px;min-height:44px;border:1px solid #8a8a8a;border-radius:8px;background:#fff;color:var(--sf-text);width:100%}
.sf-field input[aria-invalid="true"],.sf-field select[aria-invalid="true"]{border-color:var(--sf-error)}
.sf-grid2{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.sf-check{display:flex;gap:10px;align-items:center;min-height:44px}
.sf-check input{width:20px;height:20px;accent-color:var(--sf-primary)}
.sf-summary{border:1px solid var(--sf-line);border-radius:12px;padding:12px;display:flex;flex-direction:column;gap:6px;margin:0}
.sf-summary div{display:flex;justify-content:space-between}
.sf-summary dt,.sf-summary dd{margin:0}
.sf-status{display:inline-block;font-weight:700;border-radius:8px;padding:2px 10px;background:#e8f0ff;color:#0b3a9e}
.sf-code{font-size:32px;font-weight:800;letter-spacing:2px}
.sf-back{display:inline-block;margin:12px 16px 0;font-weight:600}
.sf-center{padding:48px 16px;text-align:center;display:flex;flex-direction:column;gap:16px;align-items:center}
.sf-link-btn{all:unset;cursor:pointer;color:var(--sf-primary-text);text-decoration:underline;font-weight:600}
.sf-link-btn:focus-visible{outline:3px solid var(--sf-primary-text);outline-offset:2px}
.sf-visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;

const STYLE_ID = 'sf-css';

/** The stylesheet as a `<style>` element, for a prerendered page's HTML (injectStorefrontStyles then keeps it). */
export const storefrontStylesHtml = (): string => `<style id="${STYLE_ID}">${css}</style>`;

/** Adds the stylesheet once (a prerendered page has it already). */
export function injectStorefrontStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = css;
  document.head.appendChild(style);
}
