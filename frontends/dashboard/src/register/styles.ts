import { colors as c, injectStyles } from '@seatside/ui';

/** The registration page: a narrow card with the two steps above the form. */
injectStyles(
  'register',
  `
.reg-page{max-width:560px;margin:0 auto;padding:40px 20px}
.reg-page h1{margin:0 0 8px;font-size:28px}
.reg-lead{margin:0 0 24px;color:${c.muted}}
.reg-card{border:1px solid ${c.border};border-radius:12px;padding:24px;background:${c.surface}}
.reg-card .ant-select-placeholder,.reg-card .ant-select-selection-placeholder,.reg-card .ant-form-item-extra{color:${c.muted}}
.reg-steps{list-style:none;display:flex;gap:24px;margin:0 0 24px;padding:0}
.reg-step{display:flex;align-items:center;gap:8px;color:${c.muted};font-weight:500}
.reg-step-current{color:${c.text}}
.reg-step-number{display:inline-flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:50%;border:1px solid ${c.border};font-size:14px}
.reg-step-current .reg-step-number,.reg-step-done .reg-step-number{background:${c.brandDark};border-color:${c.brandDark};color:#fff}
`,
);
