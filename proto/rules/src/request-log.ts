/**
 * One request log (seed 001 "Log"; docs/identity-api.md "Request logs") as the API shows it: a
 * request made with one of a tenant's API keys, its secrets already redacted. The one declaration
 * of its shape: the chassis (what the edge records) and the dashboard (what the logs screen shows)
 * both use it.
 */
export interface RequestLog {
  id: string;
  /** ISO 8601. */
  createdAt: string;
  requestMethod: string;
  requestURL: string;
  statusCode: number;
  /** The answer came from a cache: a 304 to a conditional request. */
  cacheHit: boolean;
  requestBody: string;
  responseBody: string;
  testMode: boolean;
  /** Which of the tenant's API keys made the request. */
  apiKeyId: string;
}
