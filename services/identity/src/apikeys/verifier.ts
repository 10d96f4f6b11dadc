import { authMessages, unauthorized, type Principal, type ReadModelStore, type TokenVerifier } from '@seatside/chassis';
import { apiKeys, apiKeySecrets, type ApiKeyDoc, type ApiKeySecretDoc } from './projections';
import { sha256Hex, testModeOfKey } from './secret';

/** The live key behind a presented secret, or undefined (unknown, revoked, or a prefix of the other mode). */
export async function lookUpApiKey(readModels: ReadModelStore, apiKey: string): Promise<ApiKeySecretDoc | undefined> {
  const claimedMode = testModeOfKey(apiKey);
  if (claimedMode === undefined) return undefined;
  const secret = await readModels.collection<ApiKeySecretDoc>(apiKeySecrets).get(sha256Hex(apiKey));
  return secret && secret.testMode === claimedMode ? secret : undefined;
}

const API_KEY_UID = 'apikey:';
export const apiKeyUid = (apiKeyId: string): string => `${API_KEY_UID}${apiKeyId}`;

/**
 * An API key's token generation (chassis auth/generations.ts): 0 while the key lives, REVOKED once
 * it is gone. Tokens exchanged for a key are issued at 0, so revoking the key ends them at once in
 * every process, not when they expire. Undefined for a subject that is not an API key.
 */
export const REVOKED_API_KEY_GENERATION = 1;
export async function apiKeyGeneration(readModels: ReadModelStore, uid: string): Promise<number | undefined> {
  if (!uid.startsWith(API_KEY_UID)) return undefined;
  return (await readModels.collection<ApiKeyDoc>(apiKeys).get(uid.slice(API_KEY_UID.length))) ? 0 : REVOKED_API_KEY_GENERATION;
}

export const apiKeyPrincipal = (secret: ApiKeySecretDoc): Principal => ({
  uid: apiKeyUid(secret.apiKeyId),
  claims: {},
  tenant: { collection: secret.collection, id: secret.tenantId, testMode: secret.testMode },
});

/** `Authorization: Bearer sk_…`: the key acts as its tenant's admin, in its mode. */
export function createApiKeyVerifier(readModels: ReadModelStore): TokenVerifier {
  return {
    accepts: (token) => token.startsWith('sk_'),
    async verify(token) {
      const secret = await lookUpApiKey(readModels, token);
      if (!secret) throw unauthorized(authMessages.invalidToken, 'token_invalid');
      return apiKeyPrincipal(secret);
    },
  };
}
