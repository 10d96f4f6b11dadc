import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Parses an environment once, at the edge, into a typed config with embedded defaults.
 * Deep code never reads process.env; it receives the parsed object.
 */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();

/** What express's `trust proxy` setting takes: false (trust none), true, a hop count, or addresses. */
export type TrustProxy = boolean | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyEntry = (entry: string) => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  return rest.length === 0 && isIP(address ?? '') !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
};

/**
 * TRUST_PROXY: which peers' X-Forwarded-* headers to believe. Unset or empty trusts none (the client
 * address is the socket's); a comma-separated list of addresses, CIDRs or express's names
 * (loopback, linklocal, uniquelocal); or express's `true` / a hop count.
 */
export const trustProxySchema = z
  .string()
  .default('')
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim();
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    const bad = entries.filter((entry) => !isProxyEntry(entry));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: not an address, CIDR or proxy name: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** Settings every process shares; services extend it with their own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  PORT: port(8080),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  JWKS_URL: optionalUrl,
  JWT_ISSUER: z.string().default('seatside'),
  JWT_AUDIENCE: z.string().default('seatside'),
  TRUST_PROXY: trustProxySchema,
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_SERVICE_NAME: z.string().optional(),
  /** /metrics requires `Authorization: Bearer <METRICS_TOKEN>`; in production, unset (and no METRICS_PORT): /metrics answers 404. */
  METRICS_TOKEN: z.string().trim().optional().transform((value) => value || undefined),
  /** Serves /metrics on this port instead (not on PORT). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

export type BaseConfig = z.output<typeof baseConfigSchema>;

/** Config for a service started alone (main.ts): its own port and schema. */
export function serviceConfigSchema(service: string, defaultPort: number) {
  return baseConfigSchema.extend({
    PORT: port(defaultPort),
    /** Prepended to every service's schema, so several installations can share one database. */
    DB_SCHEMA_PREFIX: z.string().regex(/^[a-z0-9_]*$/).default(''),
  });
}

export type ServiceConfig = z.output<ReturnType<typeof serviceConfigSchema>>;
