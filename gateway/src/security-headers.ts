import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';

/**
 * The third-party origins the web app talks to: Stripe.js (card fields, 3-D Secure frames), Square's
 * Web Payments SDK, and Google Fonts (a storefront's theme fonts). Everything else is the platform's
 * own origin: the shell, the remotes under /remotes/<app>/, /v1, /graphql and the realtime socket.
 */
export const thirdPartyOrigins = {
  script: [
    'https://js.stripe.com', 'https://*.js.stripe.com',
    'https://web.squarecdn.com', 'https://sandbox.web.squarecdn.com', 'https://js.squareup.com', 'https://js.squareupsandbox.com',
  ],
  frame: [
    'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com',
    'https://web.squarecdn.com', 'https://sandbox.web.squarecdn.com', 'https://api.squareup.com', 'https://api.squareupsandbox.com',
    'https://geoissuer.cardinalcommerce.com', 'https://*.cardinalcommerce.com',
  ],
  connect: [
    'https://api.stripe.com', 'https://m.stripe.network', 'https://q.stripe.com',
    'https://pci-connect.squareup.com', 'https://pci-connect.squareupsandbox.com', 'https://connect.squareup.com', 'https://connect.squareupsandbox.com',
  ],
  style: ['https://fonts.googleapis.com', 'https://web.squarecdn.com', 'https://sandbox.web.squarecdn.com'],
  font: ['https://fonts.gstatic.com', 'https://square-fonts-production-f.squarecdn.com', 'https://d1g145x70srn7h.cloudfront.net'],
};

/** `'sha256-…'` sources for each inline `<script>` (one without `src`) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The Content-Security-Policy of every answer: scripts only from this origin (plus the hashes of the
 * shell's inline scripts) and the payment providers; no plugins; no framing by other sites.
 * Styles allow 'unsafe-inline': the design system (antd) injects its CSS at run time.
 */
export function contentSecurityPolicy(options: { inlineScripts?: string[]; wasm?: boolean } = {}): string {
  const list = (...sources: string[]) => sources.join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list(`'self'`, ...(options.wasm ? [`'wasm-unsafe-eval'`] : []), ...(options.inlineScripts ?? []), ...thirdPartyOrigins.script)}`,
    `style-src ${list(`'self'`, `'unsafe-inline'`, ...thirdPartyOrigins.style)}`,
    `font-src ${list(`'self'`, 'data:', ...thirdPartyOrigins.font)}`,
    `img-src 'self' data: blob: https:`,
    `connect-src ${list(`'self'`, ...thirdPartyOrigins.connect)}`,
    `frame-src ${list(...thirdPartyOrigins.frame)}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/**
 * The pages that compile WebAssembly: the voice ordering page (/{handle}/voice) runs its speech
 * detector on onnxruntime-web's .wasm, served by the platform itself. Only there does the policy
 * add 'wasm-unsafe-eval' (WebAssembly compilation, never JavaScript eval).
 */
export const wasmPage = (path: string): boolean => /^\/[^/]+\/voice\/?$/.test(path);

/** HSTS for a year, only on answers that went out over TLS (directly, or behind a trusted proxy). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Fetch destinations whose answer a browser never renders as a document nor runs as a worker: a CSP
 * there is ignored, yet it cost ~1.2 KB on each of a first visit's JS responses. A request without
 * `Sec-Fetch-Dest` (an older browser, a link opened directly: `document`) still gets the policy.
 */
const SUBRESOURCE = new Set(['script', 'style', 'font', 'image', 'audio', 'video', 'track', 'manifest']);

/**
 * Security headers on every answer, web app and API alike (the CSP only where it can apply). A route may still set its own, stricter
 * Content-Security-Policy (the dev mailbox page does). `inlineScripts` is read per request, so a web
 * app built after start is covered once its page is read again.
 */
export function securityHeaders(options: { inlineScripts?: () => string[] } = {}): RequestHandler {
  const cached: Partial<Record<'plain' | 'wasm', { sources: string[]; policy: string }>> = {};
  const policyFor = (sources: string[], wasm: boolean) => {
    const kind = wasm ? 'wasm' : 'plain';
    const known = cached[kind];
    if (known && known.sources.join() === sources.join()) return known.policy;
    return (cached[kind] = { sources, policy: contentSecurityPolicy({ inlineScripts: sources, wasm }) }).policy;
  };
  return (req, res, next) => {
    const dest = req.get('sec-fetch-dest') ?? '';
    const subresource = SUBRESOURCE.has(dest);
    if (!subresource) res.setHeader('Content-Security-Policy', policyFor(options.inlineScripts?.() ?? [], wasmPage(req.path)));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Framing only concerns a document, and a referrer policy only what a response fetches in turn
    // (a stylesheet's fonts and images): neither is sent where it cannot apply (each ~50 bytes on
    // every one of a first visit's script responses).
    if (!subresource) res.setHeader('X-Frame-Options', 'DENY');
    if (!subresource || dest === 'style') res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
}
