/** What the browser reads of its own access token (a JWT); the server alone judges it. */

/** An access token's (a JWT's) claims as the browser reads them, or undefined when it cannot. */
function claimsOf(token: string): { exp?: unknown; claims?: { admin?: unknown } } | undefined {
  try {
    const payload = token.split('.')[1];
    return payload ? (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown; claims?: { admin?: unknown } }) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether an access token (a JWT) has expired, or does within `skewMs`, by its own `exp`. A token
 * that cannot be read is not judged (the server does).
 */
export function tokenExpired(token: string, now = Date.now(), skewMs = 10_000): boolean {
  const exp = claimsOf(token)?.exp;
  return typeof exp === 'number' && exp * 1000 <= now + skewMs;
}

/** Whether an access token carries the platform admin claim; a token that cannot be read, undefined. */
export function adminClaimOf(token: string): boolean | undefined {
  const read = claimsOf(token);
  return typeof read === 'object' && read !== null ? read.claims?.admin === true : undefined;
}
