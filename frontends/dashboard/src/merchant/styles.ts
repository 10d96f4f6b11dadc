import { colors as c, injectStyles } from '@seatside/ui';

/** The merchant's pages inside the dashboard frame (frontends/ui/src/frame). */
injectStyles(
  'merchant',
  `
.mer-title{margin:0 0 4px;font-size:24px}
.mer-muted{color:${c.muted};margin:0 0 16px}
`,
);
