// A real OpenID provider (oidc-provider) for the Google sign-in specs, run as a child process because
// oidc-provider is ESM-only and jest runs CommonJS. Env: CLIENT_ID, CLIENT_SECRET, REDIRECT_URI.
// Prints one JSON line on stdout once listening: {"issuer":"http://127.0.0.1:PORT"}.
//
// Its interaction stands in for Google's account chooser: GET /interaction/:uid shows a form whose
// POST /interaction/:uid/login signs in the chosen test account; POST /interaction/:uid/abort
// refuses. Consent is given automatically.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import process from 'node:process';
import Provider from 'oidc-provider';

/** The test accounts, by subject: what Google's ID token would say about each. */
const accounts = {
  'google-ada': { email: 'ada@example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace', name: 'Ada Lovelace' },
  'google-grace': { email: 'Grace@Example.com', email_verified: true, given_name: 'Grace', family_name: 'Hopper', name: 'Grace Hopper' },
  'google-lin': { email: 'lin@example.com', email_verified: true },
  'google-alan': { email: 'alan@example.com', email_verified: true, given_name: 'Alan', family_name: 'Turing', name: 'Alan Turing' },
  'google-eve': { email: 'eve@example.com', email_verified: false, given_name: 'Eve' },
};

const { CLIENT_ID, CLIENT_SECRET, REDIRECT_URI } = process.env;
if (!CLIENT_ID || !CLIENT_SECRET || !REDIRECT_URI) throw new Error('provider.mjs: CLIENT_ID, CLIENT_SECRET and REDIRECT_URI are required');

const signingKey = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };

const readForm = async (req) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid) {
  const options = Object.keys(accounts).map((sub) => `<option value="${escapeHtml(sub)}">${escapeHtml(accounts[sub].email)}</option>`).join('');
  return `<!doctype html><title>Sign in</title>
<form method="post" action="/interaction/${escapeHtml(uid)}/login"><select name="account">${options}</select><button>Sign in</button></form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button>Cancel</button></form>`;
}

/** Grants what the client asked for, as a user pressing "Allow" would. */
async function consent(provider, details) {
  const { prompt, grantId, session, params } = details;
  const grant = grantId ? await provider.Grant.find(grantId) : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
  if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
  if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
  return { consent: { grantId: await grant.save() } };
}

async function interaction(provider, req, res, action) {
  const details = await provider.interactionDetails(req, res);
  if (action === 'abort') {
    return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
  }
  if (details.prompt.name === 'consent') return provider.interactionFinished(req, res, await consent(provider, details), { mergeWithLastSubmission: true });
  if (details.prompt.name !== 'login') throw new Error(`provider.mjs: no interaction for prompt ${details.prompt.name}`);
  if (action === 'login') {
    const accountId = (await readForm(req)).get('account');
    if (!accountId || !(accountId in accounts)) {
      res.writeHead(400).end('unknown account');
      return undefined;
    }
    return provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(loginPage(details.uid));
  return undefined;
}

const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code'], response_types: ['code'] }],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // As Google does: the profile and e-mail claims travel in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, { uid }) => `/interaction/${uid}` },
    async findAccount(_ctx, sub) {
      const claims = accounts[sub];
      return claims ? { accountId: sub, claims: async () => ({ sub, ...claims }) } : undefined;
    },
  });
  const handleOidc = provider.callback();
  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(new URL(req.url, issuer).pathname);
    if (!match) return handleOidc(req, res);
    interaction(provider, req, res, match[2]).catch((error) => {
      process.stderr.write(`provider.mjs: interaction failed: ${error.message}\n`);
      if (!res.headersSent) res.writeHead(500).end();
    });
    return undefined;
  });
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
// The spec holds our stdin open; when it goes away (even by crashing), so do we.
process.stdin.on('end', stop).resume();
