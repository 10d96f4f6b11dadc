export type { Principal, TokenVerifier } from './types';
export { authMessages } from './messages';
export { createAccountGenerations, followGenerations, GENERATION_CHANNEL, generationKey, type AccountGenerations, type AccountGenerationsOptions } from './generations';
export { createJwksVerifier, generationOfToken, looksLikeJwt, principalFromClaims, verifiersFromConfig, type JwksVerifierOptions } from './jwks';
export {
  authenticate,
  parseAuthorization,
  requirePlatformAdmin,
  requirePrincipal,
  verifyToken,
  type AuthorizationHeader,
} from './express';
export {
  authorizeTenant, isTenantCollection, modeNeed, modeOf, publicRouteMode, requestedMode, tenantCollections, type TenantCollection, type TenantNeed, type TenantRole,
} from './tenant';
