import { colors as c, FONT_FAMILY, injectStyles } from '@seatside/ui';

// uPlot's own stylesheet (uplot/dist/uPlot.min.css, MIT), injected like every style here.
injectStyles(
  'uplot',
  `.uplot,.uplot *,.uplot *::before,.uplot *::after{box-sizing:border-box}.uplot{font-family:${FONT_FAMILY};line-height:1.5;width:min-content}.u-wrap{position:relative;user-select:none}.u-over,.u-under{position:absolute}.u-under{overflow:hidden}.uplot canvas{display:block;position:relative;width:100%;height:100%}.u-axis{position:absolute}.u-legend{font-size:13px;margin:auto;text-align:center}.u-inline{display:block}.u-inline *{display:inline-block}.u-inline tr{margin-right:16px}.u-legend th{font-weight:600}.u-legend th>*{vertical-align:middle;display:inline-block}.u-legend .u-marker{width:1em;height:1em;margin-right:4px;background-clip:padding-box!important}.u-inline.u-live th::after{content:":";vertical-align:middle}.u-inline:not(.u-live) .u-value{display:none}.u-series>*{padding:2px 4px}.u-series th{cursor:pointer}.u-legend .u-off>*{opacity:.3}.u-select{background:rgba(0,0,0,.07);position:absolute;pointer-events:none}.u-cursor-x,.u-cursor-y{position:absolute;left:0;top:0;pointer-events:none;will-change:transform}.u-hz .u-cursor-x,.u-vt .u-cursor-y{height:100%;border-right:1px dashed #607D8B}.u-hz .u-cursor-y,.u-vt .u-cursor-x{width:100%;border-bottom:1px dashed #607D8B}.u-cursor-pt{position:absolute;top:0;left:0;border-radius:50%;border:0 solid;pointer-events:none;will-change:transform;background-clip:padding-box!important}.u-axis.u-off,.u-select.u-off,.u-cursor-x.u-off,.u-cursor-y.u-off,.u-cursor-pt.u-off{display:none}`,
);

/** The merchant home's widget grid. */
injectStyles(
  'sales-widgets',
  `
.sw-home h1{margin:0 0 4px;font-size:24px}
.sw-sub{margin:0 0 16px;color:${c.muted}}
.sw-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:16px}
.sw-card{border:1px solid ${c.border};border-radius:12px;padding:16px;background:${c.surface};min-width:0;display:flex;flex-direction:column;gap:8px}
.sw-wide{grid-column:1/-1}
@media (min-width:900px){.sw-half{grid-column:span 2}}
.sw-head{display:flex;align-items:center;justify-content:space-between;gap:8px;flex-wrap:wrap}
.sw-card h2{margin:0;font-size:14px;font-weight:600;color:${c.muted}}
.sw-value{margin:0;font-size:26px;font-weight:700;font-variant-numeric:tabular-nums;color:${c.text}}
.sw-change{font-size:14px;font-weight:600;margin-left:8px}
.sw-up{color:#166534}.sw-down{color:#b91c1c}
.sw-range,.sw-variant{height:32px;border:1px solid ${c.border};border-radius:6px;background:${c.surface};color:${c.text};font:inherit;font-size:13px;padding:0 6px}
.sw-chart{width:100%;min-width:0;overflow:hidden}
.sw-chart .u-legend{text-align:left;margin:0}
.sw-goal{display:grid;gap:4px}
.sw-bar{height:10px;border-radius:5px;background:${c.subtle};overflow:hidden}
.sw-bar>span{display:block;height:100%;background:${c.brand}}
.sw-error{color:#b91c1c;margin:0}
.sw-note{color:${c.muted};margin:0}
.sw-live{font-size:12px;color:${c.muted}}
.sw-home select:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
`,
);
