import { authMessages, unauthorized, type Principal, type ReadModelStore, type TokenVerifier } from '@seatside/chassis';
import { apiKeySecrets, type ApiKeySecretDoc } from './projections';
import { sha256Hex, testModeOfKey } from './secret';

/** The live key behind a presented secret, or undefined (unknown, revoked, or a prefix of the other mode). */
export async function lookUpApiKey(readModels: ReadModelStore, apiKey: string): Promise<ApiKeySecretDoc | undefined> {
  const claimedMode = testModeOfKey(apiKey);
  if (claimedMode === undefined) return undefined;
  const secret = await readModels.collection<ApiKeySecretDoc>(apiKeySecrets).get(sha256Hex(apiKey));
  return secret && secret.testMode === claimedMode ? secret : undefined;
}

export const apiKeyPrincipal = (secret: ApiKeySecretDoc): Principal => ({
  uid: `apikey:${secret.apiKeyId}`,
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
