import { colors as c, injectStyles } from '@seatside/ui';

/** The gallery (1 column under 700 px, else 3: seed 002 §9) and the designer. */
injectStyles(
  'templates',
  `
.tp-tools{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-bottom:16px}
.tp-search{min-width:200px;flex:1;padding:6px 10px;border:1px solid ${c.border};border-radius:8px;font:inherit}
.tp-gallery{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:16px;list-style:none;margin:0;padding:0}
@media (max-width: 699.98px){.tp-gallery{grid-template-columns:minmax(0,1fr)}}
.tp-card{border:1px solid ${c.border};border-radius:12px;overflow:hidden;background:${c.surface}}
.tp-card a{display:block;color:inherit;text-decoration:none}
.tp-card img{display:block;width:100%;aspect-ratio:4/3;object-fit:contain;background:#f4f5f7}
.tp-card p{margin:0;padding:10px 12px;font-weight:600}
.tp-empty{padding:40px 16px;text-align:center;color:${c.muted};border:1px solid ${c.border};border-radius:8px}
.tp-editor{display:grid;grid-template-columns:220px minmax(0,1fr) 300px;gap:16px;align-items:start}
@media (max-width: 1100px){.tp-editor{grid-template-columns:minmax(0,1fr)}}
.tp-bar{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-bottom:12px}
.tp-bar input[type="text"]{flex:1;min-width:160px;padding:6px 8px;border:1px solid ${c.border};border-radius:6px;font:inherit;font-weight:600}
.tp-side{display:flex;flex-direction:column;gap:12px}
.tp-box{border:1px solid ${c.border};border-radius:10px;padding:12px;background:${c.surface};display:flex;flex-direction:column;gap:8px}
.tp-box h3{margin:0;font-size:15px}
.tp-adds{display:grid;grid-template-columns:1fr 1fr;gap:6px}
.tp-adds button,.tp-btn{padding:6px 8px;border:1px solid ${c.border};border-radius:6px;background:${c.surface};cursor:pointer;font:inherit}
.tp-adds button[aria-pressed="true"],.tp-btn[aria-pressed="true"]{background:${c.brand};color:#fff;border-color:${c.brand}}
.tp-btn:disabled{opacity:.5;cursor:default}
.tp-field{display:grid;grid-template-columns:96px minmax(0,1fr) 56px;gap:6px;align-items:center;font-size:13px}
.tp-field input[type="text"],.tp-field select,.tp-field textarea,.tp-field input[type="number"]{grid-column:span 2;min-width:0;padding:4px 6px;border:1px solid ${c.border};border-radius:6px;font:inherit}
.tp-field input[type="range"]{min-width:0}
.tp-field output{text-align:right;color:${c.muted}}
.tp-stage-wrap{overflow:auto;background:#eceef1;border-radius:10px;padding:16px;display:flex;justify-content:center}
.tp-stage{position:relative;box-shadow:0 1px 6px rgba(0,0,0,.2);touch-action:none;user-select:none}
.tp-stage canvas{display:block}
.tp-grid{position:absolute;background:rgba(22,119,255,.35);pointer-events:none}
.tp-sel{position:absolute;outline:1px solid ${c.brand};pointer-events:none}
.tp-sel[data-locked="true"]{outline-style:dashed}
.tp-handle{position:absolute;width:12px;height:12px;background:#fff;border:2px solid ${c.brand};border-radius:3px;pointer-events:auto;box-sizing:border-box}
.tp-handle-se{right:-7px;bottom:-7px;cursor:nwse-resize}
.tp-handle-rot{left:calc(50% - 6px);top:-28px;border-radius:50%;cursor:grab}
.tp-layers{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
.tp-layer{display:flex;flex-wrap:wrap;gap:4px;align-items:center}
.tp-layer > button:first-child{flex:1 0 100%;min-width:0;text-align:left;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tp-layer[aria-current="true"] > button:first-child{border-color:${c.brand};font-weight:600}
.tp-layer .tp-btn{padding:2px 6px;font-size:12px}
.tp-hint{color:${c.muted};font-size:13px;margin:0}
.tp-pair{display:flex;gap:4px}
.tp-pair input{flex:1;min-width:0;padding:4px 6px;border:1px solid ${c.border};border-radius:6px;font:inherit}
.tp-print{display:flex;flex-direction:column;gap:10px}
.tp-print ul{list-style:none;margin:0;padding:0;max-height:240px;overflow:auto;border:1px solid ${c.border};border-radius:6px}
.tp-print li{padding:4px 8px}
`,
);
