/**
 * The one redaction rule for what the platform stores about a request (the request logs of API-key
 * calls, docs/identity-api.md "Request logs"): secrets never reach storage.
 *
 * - A property whose name says it holds a secret (authorization, password, token, secret, API key,
 *   a checkout's status token, card number, CVC, expiry, …) keeps its name and loses its value.
 * - Anywhere in any text, an API key (`sk_test_…`, `sk_live_…`), a webhook signing secret
 *   (`whsec_…`), a JWT, a bearer credential and a card number (13 to 19 digits, spaces or dashes
 *   allowed, passing the Luhn check) are replaced.
 */
export const REDACTED = '[redacted]';

/** Property names whose values are credentials or card data (compared without `_`/`-`, any case). */
const SECRET_NAME =
  /^(authorization|proxyauthorization|cookie|setcookie|password|newpassword|oldpassword|currentpassword|passcode|pin|secret|clientsecret|signingsecret|webhooksecret|previoussecret|token|accesstoken|refreshtoken|idtoken|bearertoken|statustoken|apikey|xapikey|apisecret|privatekey|secretkey|key|oobcode|cardnumber|pan|cvc|cvv|cvc2|cvv2|securitycode|expmonth|expyear|expiry|expiration|expirationdate)$/;

const normalised = (name: string) => name.replace(/[_\-\s]/g, '').toLowerCase();

/** Whether a property of this name holds a secret. */
export const isSecretName = (name: string): boolean => SECRET_NAME.test(normalised(name));

// Bodies repeat their property names: the answers are remembered (a bounded set of names).
const secretNames = new Map<string, boolean>();
function isSecretNameRemembered(name: string): boolean {
  let secret = secretNames.get(name);
  if (secret === undefined) {
    secret = isSecretName(name);
    if (secretNames.size >= 4096) secretNames.clear();
    secretNames.set(name, secret);
  }
  return secret;
}

// API keys, signing secrets, JWTs (three base64url parts starting with eyJ), bearer credentials.
const SECRET_TEXT = /sk_(?:test|live)_[A-Za-z0-9_-]*|whsec_[A-Za-z0-9_+/=-]*|eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*|\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;
// The same, as a test of a whole text (not global: no lastIndex to carry).
const SECRET_TEXT_ANYWHERE = new RegExp(SECRET_TEXT.source);
// Any run of 13 digits (grouped by single spaces or dashes): a card number may start there.
const LONG_NUMBER_ANYWHERE = /\d(?:[ -]?\d){12}/;
// 13 to 19 digits, optionally grouped by single spaces or dashes, not inside a longer number.
const CARD_TEXT = /(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])/g;

function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** A text with every API key, signing secret, JWT, bearer credential and card number replaced. */
export function redactText(text: string): string {
  let out = text.replace(SECRET_TEXT, REDACTED);
  if (/\d{4}/.test(out)) {
    out = out.replace(CARD_TEXT, (match) => {
      const digits = match.replace(/[ -]/g, '');
      return digits.length >= 13 && digits.length <= 19 && luhn(digits) ? REDACTED : match;
    });
  }
  return out;
}

/** A JSON value with secret-named properties emptied and every string redacted (redactText). */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  // A card number sent as a JSON number.
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1e12 && luhn(String(value)) && String(value).length >= 13 ? REDACTED : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 64) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    out[redactText(name)] = isSecretNameRemembered(name) && item !== null && item !== undefined && item !== '' ? REDACTED : redactValue(item, depth + 1);
  }
  return out;
}

/**
 * Whether a JSON text holds nothing `redactValue` would change, found by one pass over the text
 * instead of a walk over the parsed value (most answers hold no secret: a product list, an order):
 * no escape (which could hide a secret from a text scan), no secret text and no run of 13 digits
 * anywhere, no secret-named property, no number in exponent form, no nesting deeper than the walk
 * goes. `compact` when it is also written as JSON.stringify writes it (no space between tokens, no
 * fraction or sign that could be written otherwise), so it is stored as it came; `spaced` when it
 * only needs writing compactly; `no` when the walk must run.
 */
function nothingToRedact(text: string): 'compact' | 'spaced' | 'no' {
  if (text.includes('\\') || SECRET_TEXT_ANYWHERE.test(text) || LONG_NUMBER_ANYWHERE.test(text)) return 'no';
  let depth = 0;
  let compact = true;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // Without escapes the next quote closes the string.
      const close = text.indexOf('"', i + 1);
      if (close === -1) return 'no';
      let after = close + 1;
      while (after < n && (text.charCodeAt(after) === 32 || text.charCodeAt(after) === 10 || text.charCodeAt(after) === 13 || text.charCodeAt(after) === 9)) after += 1;
      if (text.charCodeAt(after) === 58 /* : */ && isSecretNameRemembered(text.slice(i + 1, close))) return 'no';
      i = close;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth += 1;
      if (depth > 60) return 'no';
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth -= 1;
    } else if (c === 101 /* e */ || c === 69 /* E */) {
      const before = text.charCodeAt(i - 1);
      if ((before >= 48 && before <= 57) || before === 46 /* . */) return 'no';
    } else if (c === 32 || c === 10 || c === 13 || c === 9 || c === 46 /* . */ || c === 45 /* - */) {
      compact = false;
    }
  }
  return compact ? 'compact' : 'spaced';
}

/**
 * A stored body: JSON is parsed, redacted and written back compactly; any other text (or JSON cut
 * short) is redacted as text, with `"password": "…"`-like pairs emptied as well.
 */
export function redactBody(body: string): string {
  if (body === '') return '';
  const first = body.trimStart()[0];
  if (first === '{' || first === '[') {
    try {
      const clean = nothingToRedact(body);
      if (clean === 'compact') {
        JSON.parse(body); // JSON cut short is redacted as text below
        return body;
      }
      return JSON.stringify(clean === 'spaced' ? JSON.parse(body) : redactValue(JSON.parse(body)));
    } catch {
      // Cut short or not JSON after all: redacted as text below.
    }
  }
  return redactText(body).replace(/("([^"\\]*)"\s*:\s*)"((?:[^"\\]|\\.)*)("?)/g, (match, head: string, name: string, _value: string, close: string) =>
    isSecretName(name) ? `${head}"${REDACTED}${close}` : match,
  ).replace(/((?:^|[?&])([^=&#\s]*)=)([^&#]*)/g, (match, head: string, name: string) => (isSecretName(name) ? `${head}${REDACTED}` : match));
}

/** A request URL with the values of secret-named query parameters (and any secret text) replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = redactText(at === -1 ? url : url.slice(0, at));
  if (at === -1) return path;
  const params = new URLSearchParams(url.slice(at + 1));
  const kept = new URLSearchParams();
  for (const [name, value] of params) kept.append(redactText(name), isSecretName(name) || /code|token|key|secret|state|password|signature/i.test(name) ? REDACTED : redactText(value));
  return `${path}?${kept.toString()}`;
}
