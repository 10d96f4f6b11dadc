import { visibilityCss } from './visibility';

/**
 * How the page's blocks look: the storefront's stylesheet for them, which the editor's preview uses
 * too, so a merchant previews what diners see. Colours come from the storefront's theme variables.
 */
export const blockCss = `${visibilityCss}
.pb-blocks{display:flex;flex-direction:column}
.pb-pad{padding:12px 16px}.pb-pad h2{margin-bottom:8px}
.pb-hero{padding:32px 16px;background:#f5f5f5 center/cover no-repeat;display:flex;flex-direction:column;gap:8px;align-items:flex-start}
.pb-hero[style]{color:#fff;text-shadow:0 1px 3px #000a;min-height:180px;justify-content:flex-end}
.pb-text{padding:12px 16px}.pb-text>*+*{margin-top:8px}
.pb-img{display:block;width:100%;height:auto}
.pb-plain{all:unset;cursor:pointer;display:block;width:100%}
.pb-row{display:flex;flex-wrap:wrap;gap:8px}
.pb-btn{font:inherit;font-weight:600;border-radius:10px;padding:10px 16px;min-height:44px;cursor:pointer;border:1px solid var(--sf-primary);background:var(--sf-primary);color:var(--sf-on-primary)}
.pb-btn-secondary{background:#fff;color:var(--sf-primary-text)}.pb-btn-link{background:none;border:0;color:var(--sf-primary-text);text-decoration:underline;padding:8px 0}
.pb-grid{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.pb-card{display:flex;flex-direction:column;gap:4px;border:1px solid var(--sf-line);border-radius:12px;padding:8px;box-sizing:border-box}
.pb-card img{width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:8px}
.pb-links{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.pb-promo{all:unset;box-sizing:border-box;display:block;margin:8px 16px;padding:12px;border-radius:10px;font-weight:600;cursor:default}
button.pb-promo{cursor:pointer}
.pb-c-primary{background:#e8efff;color:#123a9c}.pb-c-secondary{background:#f0f0f0;color:#333}.pb-c-success{background:#e6f4ea;color:#1e5b2e}.pb-c-error{background:#fdecea;color:#8c1d18}.pb-c-info{background:#e5f4fb;color:#0b4a66}
`;
