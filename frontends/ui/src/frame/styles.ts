import { colors as c, injectStyles } from '../layout/styles';
import { FONT_FAMILY } from '../theme';

/**
 * The dashboard frame: a full-height application layout (top bar, side drawer, the page). The page
 * keeps 96 px free at its end, so the support launcher (56 px, 20 px from the corner) never covers
 * its last action. Under 720 px the drawer is a sheet the burger opens over the page.
 */
injectStyles(
  'dashboard-frame',
  `
.df-app{display:grid;grid-template-columns:auto minmax(0,1fr);grid-template-rows:56px minmax(0,1fr);min-height:100vh;min-height:100dvh;background:${c.surface};color:${c.text};font-family:${FONT_FAMILY}}
.df-bar{grid-column:1/-1;position:sticky;top:0;z-index:30;display:flex;align-items:center;gap:12px;padding:0 16px;border-bottom:1px solid ${c.border};background:${c.surface};min-width:0}
.df-sandbox .df-bar{background:#fff7e6}
.df-icon-btn{display:inline-grid;place-items:center;width:40px;height:40px;flex:none;border:0;border-radius:8px;background:transparent;color:inherit;cursor:pointer}
.df-icon-btn:hover{background:${c.subtle}}
.df-tenant{display:flex;align-items:center;gap:10px;min-width:0;flex:1}
.df-avatar{display:inline-grid;place-items:center;width:32px;height:32px;flex:none;border-radius:8px;background:${c.brandDark};color:#fff;font-weight:600;overflow:hidden}
.df-avatar img{width:100%;height:100%;object-fit:cover}
.df-name{margin:0;font-size:16px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0}
.df-badge{display:inline-block;margin-left:8px;padding:0 8px;border-radius:10px;background:${c.brandDark};color:#fff;font-size:12px;font-weight:500;vertical-align:middle}
.df-switcher{height:36px;max-width:200px;border:1px solid ${c.border};border-radius:8px;background:${c.surface};color:${c.text};font:inherit;padding:0 8px}
.df-tools{display:flex;align-items:center;gap:12px;flex:none}
.df-account{position:relative}
.df-account-btn{display:inline-grid;place-items:center;width:36px;height:36px;border:0;border-radius:50%;background:${c.subtle};color:${c.text};font:inherit;font-weight:600;cursor:pointer;overflow:hidden;padding:0}
.df-account-btn img{width:100%;height:100%;object-fit:cover}
.df-menu{position:absolute;right:0;top:44px;z-index:40;min-width:220px;padding:8px;background:${c.surface};border:1px solid ${c.border};border-radius:8px;box-shadow:0 8px 24px rgba(0,0,0,.12)}
.df-menu li>a,.df-menu li>button{display:block;width:100%;padding:8px 12px;border:0;border-radius:6px;background:none;color:${c.text};font:inherit;text-align:left;text-decoration:none;cursor:pointer}
.df-menu li>a:hover,.df-menu li>button:hover{background:${c.subtle}}
.df-menu ul{margin:0;padding:0;list-style:none}
.df-menu .df-menu-who{padding:8px 12px;color:${c.muted};font-size:13px;border-bottom:1px solid ${c.border};margin:0 0 4px;overflow:hidden;text-overflow:ellipsis}
.df-drawer{box-sizing:border-box;position:sticky;top:56px;align-self:start;height:calc(100vh - 56px);height:calc(100dvh - 56px);overflow-y:auto;width:232px;border-right:1px solid ${c.border};padding:12px 8px;background:${c.surface};display:flex;flex-direction:column}
.df-drawer ul{list-style:none;margin:0;padding:0;flex:1}
.df-drawer a{display:flex;align-items:center;gap:12px;padding:9px 12px;border-radius:8px;color:${c.text};text-decoration:none;font-weight:500;white-space:nowrap}
.df-drawer a svg{flex:none}
.df-drawer a:hover{background:${c.subtle}}
.df-drawer a.active{background:${c.subtle};color:${c.brandDark}}
.df-collapse{display:flex;align-items:center;gap:12px;margin-top:8px;padding:9px 12px;border:0;border-radius:8px;background:none;color:${c.muted};font:inherit;cursor:pointer;white-space:nowrap}
.df-collapse:hover{background:${c.subtle}}
.df-collapsed .df-drawer{width:64px}
.df-collapsed .df-drawer a span,.df-collapsed .df-collapse span{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap}
.df-collapsed .df-collapse svg{transform:rotate(180deg)}
.df-main{min-width:0;padding:24px 20px 96px;outline:none}
.df-main h2{font-size:24px}
.df-scrim{display:none}
.df-burger{display:none}
.df-app button:focus-visible,.df-app a:focus-visible,.df-app select:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
@media (max-width:719.98px){
.df-app{grid-template-columns:minmax(0,1fr)}
.df-bar{padding:0 8px;gap:8px}
.df-burger{display:inline-grid}
.df-switcher{max-width:120px}
.df-tools{gap:8px}
.df-drawer{position:fixed;top:0;left:0;bottom:0;z-index:50;height:100%;width:280px;max-width:85vw;transform:translateX(-100%);transition:transform .2s ease;box-shadow:8px 0 24px rgba(0,0,0,.18);visibility:hidden}
.df-drawer-open .df-drawer{transform:none;visibility:visible}
.df-collapsed .df-drawer{width:280px}
.df-collapsed .df-drawer a span{position:static;width:auto;height:auto;clip:auto}
.df-collapse{display:none}
.df-drawer-open .df-scrim{display:block;position:fixed;inset:0;z-index:45;background:rgba(0,0,0,.45);border:0;padding:0}
.df-main{padding:16px 12px 96px}
}
.df-drawer .df-switcher{display:none;max-width:none;width:100%;margin:0 0 12px}
@media (max-width:599.98px){.df-bar .df-switcher{display:none}.df-drawer .df-switcher{display:block}}
@media (max-width:419.98px){.df-name .df-badge{display:none}}
`,
);
