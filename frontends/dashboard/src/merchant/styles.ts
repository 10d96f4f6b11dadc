import { colors as c, injectStyles } from '@seatside/ui';

/** The merchant's pages inside the dashboard frame (frontends/ui/src/frame). */
injectStyles(
  'merchant',
  `
.mer-home h2,.mer-content h2{margin:0 0 8px;font-size:24px}
.mer-muted{color:${c.muted}}
`,
);
