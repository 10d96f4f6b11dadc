/** The caller of a request, as the chassis hands it to handlers. */
export interface Principal {
  /** User id (`sub`), or `apikey:<id>` for an API key. */
  uid: string;
  email?: string;
  /** Platform-level claims, e.g. { admin: true } for support staff. */
  claims: Record<string, unknown>;
  /** Set for API keys: the one tenant they act for, and its mode. */
  tenant?: { collection: string; id: string; testMode: boolean };
}

export interface TokenVerifier {
  /**
   * Whether this verifier handles tokens of this shape (e.g. only `sk_…` API keys); absent means
   * it tries every token.
   */
  accepts?(token: string): boolean;
  /** Throws DomainError('Unauthorized') for a bad, expired or unknown token. */
  verify(token: string): Promise<Principal>;
}
