/** The voice service's sentences (docs/voice-api.md), reused by the routes, the page and the specs. */
export const voiceMessages = {
  notConfigured: 'Voice ordering is not configured',
  tokenRequired: 'An order token is required',
  tokenInvalid: 'This order token is not valid or has expired',
  tokenOtherMerchant: 'This order token is for another merchant',
  tooManyTurns: 'Too many voice requests, please wait a moment',
  tooManyTokens: 'Too many voice sessions, please wait a moment',
  inputRequired: 'Say or type what you would like to order',
  nothingHeard: 'Nothing was heard, please try again',
  audioTooLarge: 'The recording is too long',
  merchantNotFound: 'Merchant not found',
  platformUnavailable: 'Voice ordering is unavailable right now, please try again',
  clientIdRequired: 'clientId is required',
  testModeInvalid: "testMode must be 'true' or 'false'",
  messageInvalid: 'message must be a JSON list of {role, content, latency}',
} as const;
