let injected = false;

/** The venue page's styles: a phone column; the sidebar beside the list from 900 px. */
export function injectVenueStyles(): void {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  const style = document.createElement('style');
  style.dataset.seatsideStyle = 'storefront-venue';
  style.textContent = `
.vp-head{display:flex;align-items:center;gap:12px;padding:16px 16px 4px}
.vp-icon{border-radius:12px;object-fit:cover}
.vp-desc{padding:0 16px;color:var(--sf-muted)}
.vp-body{display:flex;flex-direction:column;gap:16px;padding:16px}
.vp-side{display:flex;flex-direction:column;gap:10px;border:1px solid var(--sf-line);border-radius:12px;padding:14px}
.vp-side address{font-style:normal;display:flex;flex-direction:column}
.vp-label{display:block;font-size:13px;font-weight:600;color:var(--sf-muted);text-transform:uppercase;letter-spacing:.04em}
.vp-greet{font-weight:600}
.vp-dash{font-weight:600}
.vp-cookies{font-size:13px;color:var(--sf-muted)}
.vp-list ul{list-style:none;margin:12px 0 0;padding:0;display:flex;flex-direction:column;gap:10px}
.vp-card{display:flex;align-items:center;gap:12px;padding:12px;border:1px solid var(--sf-line);border-radius:12px;text-decoration:none;color:inherit;min-height:56px}
.vp-card:hover{border-color:var(--sf-primary)}
.vp-card img,.vp-initial{flex:none;width:56px;height:56px;border-radius:10px;object-fit:cover}
.vp-initial{display:grid;place-items:center;background:var(--sf-primary);color:var(--sf-on-primary);font-weight:700;font-size:22px}
.vp-card-text{display:flex;flex-direction:column;min-width:0}
.vp-card-text span{color:var(--sf-muted);font-size:14px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.vp-empty{color:var(--sf-muted);padding:12px 0}
@media (min-width:900px){.sf:has(.vp){max-width:1040px}.vp-body{flex-direction:row;align-items:flex-start}.vp-side{flex:none;width:280px;position:sticky;top:16px}.vp-list{flex:1;min-width:0}}
`;
  document.head.appendChild(style);
}
