/**
 * The stable, machine-readable `code` of every problem+json the platform answers (DESIGN §7). Clients
 * branch on a code or on the status, never on the English `message`, which may be reworded. The
 * chassis error mapper (services/chassis/src/http/problem.ts) is the one place a code is put on an
 * answer; the OpenAPI document lists this table. A code is never renamed or reused for another
 * meaning: add a new one instead.
 */
export const errorCodes = {
  validation_failed: { status: 400, description: 'The request does not pass validation; `errors` holds a message per field.' },
  invalid_json: { status: 400, description: 'The request body is not valid JSON.' },
  unauthorized: { status: 401, description: 'The credentials given (e-mail and password, current password) are wrong.' },
  token_invalid: { status: 401, description: 'The bearer token (JWT or API key) is invalid or expired: refresh it once, then sign in again.' },
  sign_in_required: { status: 401, description: 'The route needs a signed-in user or an API key.' },
  forbidden: { status: 403, description: 'The caller is known but may not do this (role, tenant, API key mode).' },
  api_key_not_allowed: { status: 403, description: 'An API key may not do this (manage the team or the API keys): a signed-in tenant admin must.' },
  not_found: { status: 404, description: 'No such record for this caller (another tenant’s record is not found either), or no such route.' },
  tag_not_found: { status: 404, description: 'No live tag has this code (or this tenant has no such tag).' },
  order_not_found: { status: 404, description: 'No such order for this merchant, or the status token does not match.' },
  webhook_not_found: { status: 404, description: 'No such webhook (or webhook log entry) for this merchant and mode.' },
  log_not_found: { status: 404, description: 'No such request log for this tenant.' },
  handle_not_found: { status: 404, description: 'No merchant or venue has this handle.' },
  method_not_allowed: { status: 405, description: 'The path is a route, but not for this method; the `Allow` header lists the methods it takes.' },
  conflict: { status: 409, description: 'The record’s state does not allow this (already exists, not now, taken).' },
  idempotency_key_reused: { status: 409, description: 'This Idempotency-Key was already used with a different request body.' },
  out_of_stock: { status: 409, description: 'A product in the cart has too little stock left.' },
  invitation_invalid: { status: 403, description: 'A group order invitation (its signature) or a tab token that this server did not sign.' },
  group_closed: { status: 409, description: 'The group order was placed, or closed 3 hours after its last activity.' },
  not_line_owner: { status: 403, description: 'A group order line may be removed only by the participant who added it, or by the host.' },
  line_not_found: { status: 404, description: 'The group order has no such line (removed already, or never there).' },
  tab_closed: { status: 409, description: 'The tab is closed: it takes no more rounds and is paid.' },
  round_pending: { status: 409, description: 'A round of the tab is still being sent, so the tab cannot be closed or paid yet; try again.' },
  slot_full: { status: 409, description: 'Pacing: the 5-minute window the order would be ready in is full; `readyFrom` offers the next window with room (place again with it).' },
  version_conflict: { status: 412, description: 'The record was changed by someone else (a stale If-Match, or a write that kept losing to concurrent writers: 409). Reload it and try again.' },
  payload_too_large: { status: 413, description: 'The request body (or an upload) is too large.' },
  unsupported_media_type: { status: 415, description: 'The upload is not an image type the platform takes.' },
  rate_limited: { status: 429, description: 'Too many requests from this client in the current window.' },
  internal_error: { status: 500, description: 'Something went wrong on the server; the request may be retried.' },
  payment_provider_failed: { status: 502, description: 'The payment provider (Stripe, Square) did not create the payment or issue the refund; nothing was recorded, a retry may work.' },
  unavailable: { status: 503, description: 'A dependency or the service is unavailable or busy; try again later.' },
  ai_not_configured: { status: 503, description: 'The AI is not configured (no OPENAI_API_KEY): AI features answer this instead of a made-up reply.' },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof errorCodes;

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(errorCodes, value);

/** The code an answer of this status carries when nothing more specific was said. */
export function defaultCodeOf(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'validation_failed';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'conflict';
    case 412:
      return 'version_conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 502:
      return 'payment_provider_failed';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal_error' : 'validation_failed';
  }
}
