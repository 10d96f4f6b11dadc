/**
 * Plain CSS for the widget (no antd on the hot path: the launcher renders on every page).
 * Seed 000 §9: the panel is at most 400×680 and full screen under 500 px width. Once opened it is
 * above the cookie notice (z-index 1001), which would otherwise cover its bottom bar on a phone.
 */
export const panelCss = `
.ssw-panel{position:fixed;right:20px;bottom:88px;z-index:1002;width:400px;height:680px;
max-width:calc(100vw - 40px);max-height:calc(100vh - 108px);display:flex;flex-direction:column;
background:#fff;color:#1f1f1f;border-radius:16px;overflow:hidden;box-shadow:0 12px 48px rgba(0,0,0,.24);
font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.ssw-panel[hidden]{display:none}
@media (max-width:499.98px){.ssw-panel{inset:0;width:100vw;height:100vh;height:100dvh;max-width:none;max-height:none;border-radius:0}}
.ssw-panel *{box-sizing:border-box}
.ssw-panel button,.ssw-panel input,.ssw-panel textarea{font:inherit}
.ssw-header{display:flex;align-items:center;gap:8px;padding:12px 12px;background:var(--ssw-primary,#0958d9);color:#fff;min-height:56px}
.ssw-header h2{flex:1;margin:0;font-size:16px;font-weight:600}
.ssw-icon-btn{width:36px;height:36px;border:0;border-radius:8px;background:transparent;color:inherit;cursor:pointer;display:grid;place-items:center}
.ssw-icon-btn:hover{background:rgba(255,255,255,.16)}
.ssw-icon-btn:focus-visible,.ssw-panel a:focus-visible,.ssw-link:focus-visible,.ssw-tab:focus-visible,.ssw-btn:focus-visible,.ssw-chip:focus-visible{outline:3px solid #91caff;outline-offset:1px}
.ssw-icon-btn svg{width:20px;height:20px}
.ssw-body{flex:1;overflow:auto;padding:16px}
.ssw-hero{margin:-16px -16px 16px;padding:8px 20px 24px;background:var(--ssw-primary,#0958d9);color:#fff}
.ssw-hero p{margin:0}
.ssw-hero .ssw-greeting{font-size:24px;font-weight:700;margin:4px 0 0}
.ssw-hero .ssw-sub{font-size:18px}
.ssw-avatars{display:flex;list-style:none;padding:0;margin:0 0 8px}
.ssw-avatar{position:relative;width:36px;height:36px;border-radius:50%;background:#e6f0ff;color:#003a8c;display:grid;place-items:center;
font-weight:600;border:2px solid #fff;margin-right:-8px;overflow:visible}
.ssw-avatar img{width:100%;height:100%;border-radius:50%;object-fit:cover}
.ssw-dot{position:absolute;right:-1px;bottom:-1px;width:11px;height:11px;border-radius:50%;background:#1f9d55;border:2px solid #fff}
.ssw-card{display:block;width:100%;text-align:left;border:1px solid #e5e7eb;border-radius:12px;background:#fff;padding:12px 14px;margin:0 0 12px;color:inherit;cursor:pointer}
.ssw-card:hover{border-color:#adc6ff}
.ssw-card strong{display:block;font-weight:600}
.ssw-muted{color:#595959;font-size:13px}
.ssw-section-title{font-size:14px;font-weight:600;margin:16px 0 8px}
.ssw-list{list-style:none;margin:0;padding:0;border:1px solid #e5e7eb;border-radius:12px;overflow:hidden}
.ssw-list li+li{border-top:1px solid #e5e7eb}
.ssw-link{display:block;width:100%;text-align:left;border:0;background:#fff;padding:10px 14px;cursor:pointer;color:inherit}
.ssw-link:hover{background:#f5f8ff}
.ssw-link strong{display:block;font-weight:600}
.ssw-empty{text-align:center;color:#595959;padding:32px 8px}
.ssw-article h3{font-size:18px;margin:0 0 8px}
.ssw-article p{white-space:pre-wrap;margin:0}
.ssw-markdown p{white-space:normal;margin:0 0 10px}
.ssw-markdown h2,.ssw-markdown h3,.ssw-markdown h4{font-size:16px;margin:12px 0 6px}
.ssw-markdown img{max-width:100%}
.ssw-markdown pre{white-space:pre-wrap;background:#f5f5f5;padding:8px;border-radius:6px}
.ssw-tabs{display:flex;border-top:1px solid #e5e7eb;background:#fff}
.ssw-tab{flex:1;border:0;background:transparent;padding:8px 0 10px;cursor:pointer;color:#595959;display:flex;flex-direction:column;align-items:center;gap:2px;font-size:12px}
.ssw-tab svg{width:20px;height:20px}
.ssw-tab[aria-current="page"]{color:var(--ssw-primary,#0958d9);font-weight:600}
.ssw-form label{display:block;font-weight:500;margin:0 0 4px}
.ssw-field{margin-bottom:12px}
.ssw-input{width:100%;border:1px solid #bfbfbf;border-radius:8px;padding:8px 10px;background:#fff;color:inherit}
.ssw-input:focus{outline:2px solid #91caff;border-color:var(--ssw-primary,#0958d9)}
.ssw-input[aria-invalid="true"]{border-color:#cf1322}
.ssw-error{color:#cf1322;font-size:13px;margin:4px 0 0}
.ssw-btn{border:0;border-radius:8px;background:var(--ssw-primary,#0958d9);color:#fff;padding:9px 16px;font-weight:600;cursor:pointer}
.ssw-btn:disabled{background:#d9d9d9;color:#595959;cursor:not-allowed}
.ssw-alert{border-radius:8px;padding:10px 12px;margin:0 0 12px;border:1px solid}
.ssw-alert-success{background:#f6ffed;border-color:#b7eb8f;color:#135200}
.ssw-alert-error{background:#fff1f0;border-color:#ffa39e;color:#a8071a}
.ssw-alert-info{background:#f0f5ff;border-color:#adc6ff;color:#1d39c4}
.ssw-chat{display:flex;flex-direction:column;height:100%}
.ssw-messages{flex:1;overflow:auto;padding:16px;display:flex;flex-direction:column;gap:8px;list-style:none;margin:0}
.ssw-msg{max-width:80%;padding:8px 12px;border-radius:14px;white-space:pre-wrap;word-break:break-word}
.ssw-msg-client{align-self:flex-end;background:var(--ssw-primary,#0958d9);color:#fff;border-bottom-right-radius:4px}
.ssw-msg-support{align-self:flex-start;background:#f0f0f0;border-bottom-left-radius:4px}
.ssw-msg-status{font-size:11px;opacity:.9;display:block}
.ssw-chips{display:flex;flex-wrap:wrap;gap:6px;padding:0 16px 8px;justify-content:flex-end}
.ssw-chip{border:1px solid var(--ssw-primary,#0958d9);color:var(--ssw-primary,#0958d9);background:#fff;border-radius:16px;padding:4px 12px;cursor:pointer;font-size:13px}
.ssw-chip:hover{background:#f0f5ff}
.ssw-composer{display:flex;gap:8px;padding:10px 12px;border-top:1px solid #e5e7eb}
.ssw-composer .ssw-input{resize:none}
.ssw-chat-body{flex:1;overflow:hidden;padding:0}
.ssw-chat .ssw-alert{margin:0 16px 8px}
.ssw-msg-name{display:block;font-size:11px;font-weight:600;color:#595959}
.ssw-chat-expect{padding:8px 16px 0;margin:0}
.ssw-typing{padding:0 16px 6px;margin:0}
.ssw-call{margin:8px 16px;padding:10px;border:1px solid #e5e7eb;border-radius:12px;background:#fafafa}
.ssw-call p{margin:0 0 8px}
.ssw-call-actions{display:flex;gap:8px}
.ssw-call-videos{display:grid;grid-template-columns:2fr 1fr;gap:6px;margin-bottom:8px}
.ssw-video{width:100%;aspect-ratio:4/3;background:#000;border-radius:8px;object-fit:cover}
.ssw-btn-secondary{background:#fff;color:#1f1f1f;border:1px solid #bfbfbf}
.ssw-btn-danger{background:#cf1322}
.ssw-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);border:0}
`;
