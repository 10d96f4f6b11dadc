import { colors as c, injectStyles } from '@seatside/ui';

/** The upload button: a visually hidden file input behind its label (which shows the focus). */
injectStyles(
  'catalog-images',
  `
.im-file{position:absolute;width:1px;height:1px;opacity:0;overflow:hidden}
.im-file:focus-visible+label{outline:3px solid ${c.focus};outline-offset:2px}
`,
);
