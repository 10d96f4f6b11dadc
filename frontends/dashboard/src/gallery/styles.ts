import { colors as c, injectStyles } from '@seatside/ui';

/** The gallery grid: square thumbnails with the file's name, size and date below. */
injectStyles(
  'gallery',
  `
.gal-head{display:flex;align-items:center;justify-content:space-between;margin-bottom:16px}
.gal-head h1{margin:0;font-size:24px}
.gal-grid{list-style:none;margin:0 0 16px;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:16px}
.gal-item{border:1px solid ${c.border};border-radius:12px;overflow:hidden;background:${c.surface};display:flex;flex-direction:column}
.gal-thumb{display:flex;align-items:center;justify-content:center;aspect-ratio:1;background:${c.subtle};color:${c.muted}}
.gal-thumb img{width:100%;height:100%;object-fit:contain}
.gal-thumb:focus-visible{outline:3px solid ${c.focus};outline-offset:-3px}
.gal-meta{padding:8px 12px;display:flex;flex-direction:column;gap:2px;font-size:14px;min-width:0}
.gal-name{font-weight:600;color:${c.text};overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.gal-sub{color:${c.muted}}
.gal-empty{padding:32px 16px;text-align:center;color:${c.muted}}
`,
);
