/**
 * The one redaction rule for what the platform stores about a request (the request logs of API-key
 * calls, docs/identity-api.md "Request logs"): secrets never reach storage.
 *
 * - A property whose name says it holds a secret (authorization, password, token, secret, API key,
 *   card number, CVC, expiry, …) keeps its name and loses its value.
 * - Anywhere in any text, an API key (`sk_test_…`, `sk_live_…`), a webhook signing secret
 *   (`whsec_…`), a JWT, a bearer credential and a card number (13 to 19 digits, spaces or dashes
 *   allowed, passing the Luhn check) are replaced.
 */
export const REDACTED = '[redacted]';

/** Property names whose values are credentials or card data (compared without `_`/`-`, any case). */
const SECRET_NAME =
  /^(authorization|proxyauthorization|cookie|setcookie|password|newpassword|oldpassword|currentpassword|passcode|pin|secret|clientsecret|signingsecret|webhooksecret|previoussecret|token|accesstoken|refreshtoken|idtoken|bearertoken|apikey|xapikey|apisecret|privatekey|secretkey|key|oobcode|cardnumber|pan|cvc|cvv|cvc2|cvv2|securitycode|expmonth|expyear|expiry|expiration|expirationdate)$/;

const normalised = (name: string) => name.replace(/[_\-\s]/g, '').toLowerCase();

/** Whether a property of this name holds a secret. */
export const isSecretName = (name: string): boolean => SECRET_NAME.test(normalised(name));

// API keys, signing secrets, JWTs (three base64url parts starting with eyJ), bearer credentials.
const SECRET_TEXT = /sk_(?:test|live)_[A-Za-z0-9_-]*|whsec_[A-Za-z0-9_+/=-]*|eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*|\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;
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
    out[redactText(name)] = isSecretName(name) && item !== null && item !== undefined && item !== '' ? REDACTED : redactValue(item, depth + 1);
  }
  return out;
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
      return JSON.stringify(redactValue(JSON.parse(body)));
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
