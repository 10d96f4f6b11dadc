import type { TokenVerifier } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import type { IdentitySlice } from '../index';
import { apiKeysRouter } from './http';
import { apiKeys, apiKeySecrets } from './projections';
import { createApiKeyVerifier } from './verifier';

/** API keys: issued per tenant and mode, stored hashed, verified at the edge as that tenant's admin. */
export function apiKeysSlice(ctx: Omit<IdentityContext, 'apiKeyVerifier'>): IdentitySlice & { verifier: TokenVerifier } {
  return {
    router: apiKeysRouter(ctx),
    collections: [apiKeys, apiKeySecrets],
    verifier: createApiKeyVerifier(ctx.deps.readModels),
  };
}
