import { z } from 'zod';
import { jwksAnswer, listQuerySchema, messageAnswer, pageSchema, recordAnswer, type ServiceApiDoc } from '@seatside/chassis';
import type { RequestLog } from '@seatside/rules';
import {
  displayNameForm, emailChangeForm, emailForm, emailLinkSignInForm, loginForm, passwordChangeForm, profileForm, recoverEmailForm, resetConfirmForm, resetVerifyForm, signInForm, signUpForm,
} from './accounts/forms';
import { adminUserSchemas as admins } from './admin/users';
import { subscriberSchemas as newsletter } from './admin/subscribers';
import { apiKeySchemas as keys } from './apikeys/http';
import { googleCallbackQuery } from './google';
import { requestLogsQuery } from './request-logs';
import { teamUserSchemas as team } from './tenants/http';
import { tenantRoles } from './tenants/membership';

const tenantRole = z.enum(tenantRoles);
const tenantSummary = recordAnswer({ name: z.string(), handle: z.string().optional(), role: tenantRole });
const tenantCards = { apps: z.array(tenantSummary), merchants: z.array(tenantSummary), venues: z.array(tenantSummary) };
const userDetails = z.object({ firstName: z.string(), lastName: z.string(), phone: z.string().nullish() }).loose();
/** The signed-in account as the dashboard reads it. */
const meAnswer = z
  .object({
    uid: z.string(),
    email: z.string(),
    displayName: z.string().nullable(),
    photoURL: z.string().nullable(),
    emailVerified: z.boolean(),
    hasPassword: z.boolean().describe('Whether the account has a password (one invited, or signed in only by a mailed link or Google, has none until it sets one).'),
    createdAt: z.string(),
    claims: z.record(z.string(), z.unknown()),
    userDetails,
    ...tenantCards,
  })
  .loose();
const teamUser = z.object({ uid: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), role: tenantRole }).loose();
const requestLogFields = {
  apiKeyId: z.string(),
  createdAt: z.string(),
  requestMethod: z.string(),
  requestURL: z.string(),
  statusCode: z.number().int(),
  cacheHit: z.boolean(),
  requestBody: z.string(),
  responseBody: z.string(),
  testMode: z.boolean(),
};
/** True when A and B are the same type (each assignable to the other). */
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The documented log is `RequestLog` of @seatside/rules (which has no zod), field for field and type for type: this fails to compile when one changes alone.
const sameAsRequestLog: SameType<z.infer<z.ZodObject<typeof requestLogFields>> & { id: string }, RequestLog> = true;
void sameAsRequestLog;
const requestLog = recordAnswer(requestLogFields);
/** A row of the platform admin's users table. */
const userRow = z.object({
  uid: z.string(),
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  emailVerified: z.boolean(),
  claims: z.object({ admin: z.literal(true).optional() }),
  createdAt: z.string(),
});
const subscriber = recordAnswer({
  email: z.string(),
  status: z.enum(['pending', 'confirmed', 'unsubscribed']),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
/** What every way of signing in answers (accounts/signed-in.ts). */
const signedIn = z.object({ id: z.string().describe('The account id'), token: z.string().describe('A 15-minute access token (bearer)'), message: z.string() });
const freshToken = z.object({ token: z.string().describe('A new access token: the change ended every other session and token') });
const storedMail = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), html: z.string(), links: z.array(z.string()), sentAt: z.string() });
const images = ['image/png', 'image/jpeg'];

/** The account the walk of the contract test signs up first (gateway/src/openapi.int.spec.ts) is someone else's: these examples sign up and use their own. */
const ada = { email: 'ada@example.com', password: 'secret-1' };

/**
 * The identity service's /v1 operations in the OpenAPI document (/v1/openapi.json; chassis http/openapi.ts).
 * A new route gets its line here, naming the zod schemas it validates with (`body`, `query`, `response`).
 * The examples are called in this order by the contract test, as one member of a fresh merchant: none
 * of them may sign that member out, change its password or e-mail, or end its merchant.
 */
export const identityApi: ServiceApiDoc = {
  tag: 'identity',
  description: 'Accounts, sessions, team users, API keys, platform admin claims (docs/identity-api.md).',
  operations: [
    // Accounts and sessions
    { route: 'POST /v1/auth/sign-up', summary: 'Create an account with an e-mail and password; answers an access token', body: signUpForm, response: signedIn, status: 201, public: true, errors: ['conflict'], example: { body: { ...ada, firstName: 'Ada', lastName: 'Lovelace' } } },
    { route: 'POST /v1/auth/sign-in', summary: 'Sign in with an e-mail and password; answers an access token', body: signInForm, response: signedIn, status: 200, public: true, errors: ['rate_limited'], example: { body: ada } },
    { route: 'POST /v1/auth/login', summary: 'Start a refresh session (cookie) for an access token', body: loginForm, response: messageAnswer, status: 200, public: true, example: { body: { token: 'eyJhbGciOiJFUzI1NiJ9.e30.signature' } } },
    { route: 'POST /v1/auth/refresh', summary: 'A new access token for the refresh session cookie (the cookie is replaced)', response: z.object({ token: z.string() }), status: 200, public: true },
    { route: 'POST /v1/auth/logout', summary: 'Sign out: the refresh session ends', response: messageAnswer, status: 200, public: true },
    { route: 'GET /v1/auth/me', summary: 'The signed-in account and the tenants it belongs to', response: meAnswer },
    { route: 'GET /v1/auth/jwks.json', summary: 'The public keys that verify access tokens', response: jwksAnswer, public: true },
    { route: 'GET /v1/auth/providers', summary: 'Which sign-in providers are configured', response: z.object({ google: z.boolean() }), public: true },
    { route: 'GET /v1/auth/google', summary: 'Start Google sign-in: redirects the browser to Google', status: 302, public: true },
    { route: 'GET /v1/auth/google/callback', summary: 'Where Google sends the browser back: signs in and redirects to the dashboard (or back to login)', query: googleCallbackQuery, status: 302, public: true },
    // Passwords and mailed links
    { route: 'POST /v1/users/forget-password', summary: 'Mail a password reset link (the same answer whether or not the address has an account)', body: emailForm, response: messageAnswer, status: 200, public: true, errors: ['rate_limited'], example: { body: { email: ada.email } } },
    { route: 'POST /v1/auth/reset/verify', summary: 'Check a password reset code; answers the address it is for', body: resetVerifyForm, response: z.object({ email: z.string() }), status: 200, public: true, errors: ['rate_limited'], example: { body: { oobCode: 'code-from-the-mail' } } },
    { route: 'POST /v1/auth/reset/confirm', summary: 'Set a new password with a reset code; ends every earlier session of the account and answers a token to sign in with', body: resetConfirmForm, response: signedIn, status: 200, public: true, errors: ['rate_limited'], example: { body: { oobCode: 'code-from-the-mail', password: 'new-secret-1' } } },
    { route: 'POST /v1/auth/email-link', summary: 'Mail a sign-in link (an address without an account gets one by following it)', body: emailForm, response: messageAnswer, status: 200, public: true, errors: ['rate_limited'], example: { body: { email: ada.email } } },
    { route: 'POST /v1/auth/email-link/sign-in', summary: 'Sign in with a mailed link’s code; answers an access token', body: emailLinkSignInForm, response: signedIn, status: 200, public: true, errors: ['rate_limited'], example: { body: { email: ada.email, oobCode: 'code-from-the-mail' } } },
    { route: 'POST /v1/auth/email/recover', summary: 'Undo an e-mail change from the link mailed to the old address; ends every session', body: recoverEmailForm, response: messageAnswer.extend({ email: z.string() }), status: 200, public: true, errors: ['conflict', 'rate_limited'], example: { body: { oobCode: 'code-from-the-mail' } } },
    // The signed-in user's settings
    { route: 'POST /v1/users/me/profile', summary: 'Save the account’s first and last name and phone', body: profileForm, response: messageAnswer, status: 200, example: { body: { firstName: 'Open', lastName: 'Api', phone: '+1 555 0100' } } },
    { route: 'POST /v1/users/me/display-name', summary: 'Change the account’s display name', body: displayNameForm, response: messageAnswer, status: 200, example: { body: { displayName: 'Open Api' } } },
    {
      route: 'POST /v1/users/me/email',
      summary: 'Change the account’s e-mail (the current password, or a recent sign-in without one); a new address ends every other session and answers a new token',
      body: emailChangeForm,
      response: messageAnswer.extend(freshToken.partial().shape),
      status: 200,
      errors: ['conflict', 'rate_limited'],
      // The walk's own address: the change is a no-op, so its token stays good.
      example: { body: { email: 'openapi@example.com', currentPassword: 'secret-1' } },
    },
    {
      route: 'POST /v1/users/me/password',
      summary: 'Change the password (the current one proves the owner; an account without one sets its first after a recent sign-in); ends every other session and answers a new token',
      body: passwordChangeForm,
      response: messageAnswer.extend(freshToken.shape),
      status: 200,
      errors: ['rate_limited'],
      // Not the walk's current password: a change would end the member's token (answers 401).
      example: { body: { currentPassword: 'old-secret', newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' } },
    },
    { route: 'POST /v1/users/me/photo', summary: 'Upload a profile photo (PNG or JPEG, at most 2 MB; stored re-encoded within 1024 px)', consumes: images, response: messageAnswer.extend({ photoURL: z.string() }), status: 200, errors: ['payload_too_large'] },
    { route: 'GET /v1/users/:uid/photo/:file', summary: 'A profile photo (its URL never changes content)', produces: images, public: true },
    // Team users, API keys and request logs of a tenant
    { route: 'GET /v1/:collection/:id/users', summary: 'The tenant’s team users with their roles, oldest member first', query: listQuerySchema.pick({ limit: true, cursor: true }), response: pageSchema(teamUser) },
    { route: 'POST /v1/:collection/:id/users/add', summary: 'Add a team user by e-mail (a new address gets an account and a sign-in link); signed-in admins only, an API key is refused', body: team.addUser, response: z.object({ uid: z.string(), message: z.string() }), status: 201, errors: ['conflict', 'api_key_not_allowed'], example: { body: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', role: 'teamMember' } } },
    { route: 'POST /v1/:collection/:id/users/:uid/set-role', summary: 'Change a team user’s role (not your own; a tenant keeps one admin); signed-in admins only, an API key is refused', body: team.setRole, response: messageAnswer, status: 200, errors: ['conflict', 'api_key_not_allowed'], example: { body: { role: 'admin' } } },
    { route: 'DELETE /v1/:collection/:id/users/:uid', summary: 'Remove a team user from the tenant (not yourself; a tenant keeps one admin); signed-in admins only, an API key is refused', response: messageAnswer, errors: ['conflict', 'api_key_not_allowed'] },
    { route: 'GET /v1/:collection/:id/api-keys', summary: 'List the tenant’s API keys, newest first (tenant admins)', query: keys.listKeys, response: keys.apiKeys },
    { route: 'POST /v1/:collection/:id/api-keys', summary: 'Create an API key (answers the secret once); signed-in admins only, an API key is refused', body: keys.createKey, response: keys.created, status: 201, errors: ['api_key_not_allowed'], example: { body: { title: 'Point of sale' } } },
    { route: 'DELETE /v1/:collection/:id/api-keys/:apiKeyId', summary: 'Revoke an API key; signed-in admins, or the key itself (an API key may not revoke another)', response: messageAnswer, errors: ['api_key_not_allowed'] },
    { route: 'GET /v1/:collection/:id/api-keys/:apiKeyId', summary: 'Read one API key (never its secret)', response: keys.apiKey },
    { route: 'POST /v1/:collection/:id/api-keys/:apiKeyId', summary: 'Rename an API key (its mode is fixed); signed-in admins only, an API key is refused', body: keys.updateKey, response: messageAnswer, status: 200, errors: ['api_key_not_allowed'], example: { body: { title: 'Kitchen tablet' } } },
    { route: 'POST /v1/auth/api-key-token', summary: 'Exchange an API key for a short-lived access token', body: keys.keyTokenBody, response: keys.token, status: 200, public: true, example: { body: { apiKey: 'sk_test_0000000000000000000000000000' } } },
    { route: 'GET /v1/:collection/:id/logs', summary: 'List request logs (API-key requests, newest first)', query: requestLogsQuery, response: pageSchema(requestLog) },
    { route: 'GET /v1/:collection/:id/logs/:logId', summary: 'Read one request log', response: requestLog, errors: ['log_not_found'] },
    // The newsletter
    { route: 'POST /v1/subscribers', summary: 'Subscribe to the newsletter: mails a link to confirm (the same answer for any address)', body: newsletter.signUp, response: messageAnswer, status: 202, public: true, example: { body: { email: ada.email } } },
    { route: 'GET /v1/subscribers/confirm', summary: 'Confirm a newsletter subscription (the mail’s link): a page, or JSON to `Accept: application/json`', query: newsletter.tokenQuery, response: messageAnswer, produces: ['text/html', 'application/json'], public: true },
    { route: 'GET /v1/subscribers/unsubscribe', summary: 'Unsubscribe from the newsletter (the mail’s link): a page, or JSON to `Accept: application/json`', query: newsletter.tokenQuery, response: messageAnswer, produces: ['text/html', 'application/json'], public: true },
    { route: 'POST /v1/subscribers/unsubscribe', summary: 'One-click unsubscribe (RFC 8058) with the mail’s link', query: newsletter.tokenQuery, response: messageAnswer, status: 200, public: true },
    // Platform admins
    { route: 'GET /v1/admin/users', summary: 'Every account, a page at a time (platform admins)', query: admins.listQuery, response: z.object({ data: z.array(userRow), nextPageToken: z.string().nullable(), total: z.number().int() }) },
    { route: 'GET /v1/admin/users/:uid', summary: 'One account with its details and tenants (platform admins)', response: userRow.extend({ userDetails, ...tenantCards }).loose() },
    { route: 'POST /v1/admin/users/:uid/claims', summary: 'Grant or revoke the platform admin claim (platform admins)', body: admins.claims, response: z.object({ uid: z.string(), claims: userRow.shape.claims, message: z.string() }), status: 200, example: { body: { admin: true } } },
    { route: 'GET /v1/admin/subscribers', summary: 'The newsletter’s subscribers, newest first (platform admins)', query: listQuerySchema.extend(newsletter.statusFilter.shape), response: pageSchema(subscriber) },
    { route: 'GET /v1/admin/subscribers/export.csv', summary: 'Every subscriber as a CSV file (platform admins)', produces: ['text/csv'] },
    // Development
    { route: 'GET /v1/dev/mailbox', summary: 'The development mailbox as a page (without SMTP, to this machine only)', produces: ['text/html'], public: true },
    { route: 'GET /v1/dev/mailbox.json', summary: 'The development mailbox (without SMTP, to this machine only): the mails sent', response: z.array(storedMail), public: true },
  ],
};
