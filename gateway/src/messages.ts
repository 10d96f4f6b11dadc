/** What the edge itself says to callers. */
export const gatewayMessages = {
  /** A request shed by admission control (503, Retry-After). */
  busy: 'The service is busy, please try again shortly',
} as const;
