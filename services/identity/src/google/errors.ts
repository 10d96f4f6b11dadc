/** Why a Google sign-in failed; logged (never with codes or tokens) and otherwise all answered alike. */
export type GoogleFailure =
  | 'denied'
  | 'badState'
  | 'discovery'
  | 'tokenExchange'
  | 'badIdToken'
  | 'emailNotVerified';

export class GoogleSignInError extends Error {
  constructor(
    readonly reason: GoogleFailure,
    message: string = reason,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GoogleSignInError';
  }
}

export const isGoogleSignInError = (e: unknown): e is GoogleSignInError => e instanceof GoogleSignInError;
