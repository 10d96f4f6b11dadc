import { z } from 'zod';
import { jwksAnswer, listQuerySchema, messageAnswer, pageSchema, recordAnswer, type ServiceApiDoc } from '@seatside/chassis';
import { apiKeySchemas as keys } from './apikeys/http';

const tenantRole = z.enum(['admin', 'member']);
const tenantSummary = recordAnswer({ name: z.string(), handle: z.string().optional(), role: tenantRole });
/** The signed-in account as the dashboard reads it. */
const meAnswer = z
  .object({
    uid: z.string(),
    email: z.string(),
    displayName: z.string().nullable(),
    photoURL: z.string().nullable(),
    emailVerified: z.boolean(),
    createdAt: z.string(),
    claims: z.record(z.string(), z.unknown()),
    apps: z.array(tenantSummary),
    merchants: z.array(tenantSummary),
    venues: z.array(tenantSummary),
  })
  .loose();
const teamUser = z.object({ uid: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), role: tenantRole }).loose();
const requestLog = recordAnswer({ createdAt: z.string(), requestMethod: z.string(), requestURL: z.string(), statusCode: z.number().int() });

/**
 * The identity service's /v1 operations in the OpenAPI document (/v1/openapi.json; chassis http/openapi.ts).
 * A new route gets its line here, naming the zod schemas it validates with (`body`, `query`, `response`).
 */
export const identityApi: ServiceApiDoc = {
  tag: 'identity',
  description: 'Accounts, sessions, team users, API keys, platform admin claims (docs/identity-api.md).',
  operations: [
    { route: 'GET /v1/:collection/:id/api-keys', summary: 'List the tenant’s API keys, newest first (tenant admins)', query: keys.listKeys, response: keys.apiKeys },
    { route: 'POST /v1/:collection/:id/api-keys', summary: 'Create an API key (answers the secret once)', body: keys.createKey, response: keys.created, status: 201, example: { body: { title: 'Point of sale' } } },
    { route: 'DELETE /v1/:collection/:id/api-keys/:apiKeyId', summary: 'Revoke an API key', response: messageAnswer },
    { route: 'GET /v1/:collection/:id/api-keys/:apiKeyId', summary: 'Read one API key (never its secret)', response: keys.apiKey },
    { route: 'POST /v1/:collection/:id/api-keys/:apiKeyId', summary: 'Rename an API key (its mode is fixed)', body: keys.updateKey, response: messageAnswer },
    { route: 'GET /v1/:collection/:id/logs', summary: 'List request logs (API-key requests, newest first)', query: listQuerySchema, response: pageSchema(requestLog) },
    { route: 'GET /v1/:collection/:id/logs/:logId', summary: 'Read one request log', errors: ['log_not_found'] },
    { route: 'GET /v1/:collection/:id/users', summary: 'The tenant’s team users with their roles', query: listQuerySchema, response: pageSchema(teamUser) },
    { route: 'DELETE /v1/:collection/:id/users/:uid', summary: 'Delete one of users' },
    { route: 'POST /v1/:collection/:id/users/:uid/set-role', summary: 'Set role (POST)' },
    { route: 'POST /v1/:collection/:id/users/add', summary: 'Add (POST)' },
    { route: 'GET /v1/admin/subscribers', summary: 'List or read subscribers' },
    { route: 'GET /v1/admin/subscribers/export.csv', summary: 'List or read export.csv' },
    { route: 'GET /v1/admin/users', summary: 'List or read users' },
    { route: 'GET /v1/admin/users/:uid', summary: 'Read one of users' },
    { route: 'POST /v1/admin/users/:uid/claims', summary: 'Claims (POST)' },
    { route: 'POST /v1/auth/api-key-token', summary: 'Exchange an API key for a short-lived access token', body: keys.keyTokenBody, response: keys.token, public: true },
    { route: 'POST /v1/auth/email-link', summary: 'Email link (POST)' },
    { route: 'POST /v1/auth/email-link/sign-in', summary: 'Sign in (POST)' },
    { route: 'POST /v1/auth/email/recover', summary: 'Recover (POST)' },
    { route: 'GET /v1/auth/google', summary: 'List or read google', public: true },
    { route: 'GET /v1/auth/google/callback', summary: 'List or read callback', public: true },
    { route: 'GET /v1/auth/jwks.json', summary: 'The public keys that verify access tokens', response: jwksAnswer },
    { route: 'POST /v1/auth/login', summary: 'Login (POST)', public: true },
    { route: 'POST /v1/auth/logout', summary: 'Sign out: the refresh session ends', response: messageAnswer, public: true },
    { route: 'GET /v1/auth/me', summary: 'The signed-in account and the tenants it belongs to', response: meAnswer },
    { route: 'GET /v1/auth/providers', summary: 'Which sign-in providers are configured', response: z.object({ google: z.boolean() }) },
    { route: 'POST /v1/auth/refresh', summary: 'Refresh (POST)', public: true },
    { route: 'POST /v1/auth/reset/confirm', summary: 'Confirm (POST)', public: true },
    { route: 'POST /v1/auth/reset/verify', summary: 'Verify (POST)', public: true },
    { route: 'POST /v1/auth/sign-in', summary: 'Sign in (POST)', public: true },
    { route: 'POST /v1/auth/sign-up', summary: 'Sign up (POST)', public: true },
    { route: 'GET /v1/dev/mailbox', summary: 'List or read mailbox', public: true },
    { route: 'GET /v1/dev/mailbox.json', summary: 'The development mailbox (without SMTP): the mails sent', response: z.array(z.object({}).loose()), public: true },
    { route: 'POST /v1/subscribers', summary: 'Subscribers (POST)', public: true },
    { route: 'GET /v1/subscribers/confirm', summary: 'List or read confirm' },
    { route: 'GET /v1/subscribers/unsubscribe', summary: 'List or read unsubscribe' },
    { route: 'POST /v1/subscribers/unsubscribe', summary: 'Unsubscribe (POST)', public: true },
    { route: 'GET /v1/users/:uid/photo/:file', summary: 'Read one of photo' },
    { route: 'POST /v1/users/forget-password', summary: 'Forget password (POST)' },
    { route: 'POST /v1/users/me/display-name', summary: 'Display name (POST)' },
    { route: 'POST /v1/users/me/email', summary: 'Email (POST)' },
    { route: 'POST /v1/users/me/password', summary: 'Password (POST)' },
    { route: 'POST /v1/users/me/photo', summary: 'Photo (POST)' },
    { route: 'POST /v1/users/me/profile', summary: 'Profile (POST)' },
  ],
};
