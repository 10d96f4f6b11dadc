/** Seed 001 §4's texts for the sandbox/production mode, shared by the screens and the e2e specs. */
export const modeName = (testMode: boolean) => (testMode ? 'Sandbox' : 'Production');

export const modeMessages = {
  toggleLabel: 'Sandbox mode',
  /** 'Coupon is not available in Sandbox mode. Would you like to switch back to Production?' */
  notAvailable: (entity: string, currentTestMode: boolean) =>
    `${entity} is not available in ${modeName(currentTestMode)} mode. Would you like to switch back to ${modeName(!currentTestMode)}?`,
} as const;
