import { z } from 'zod';
import { serviceConfigSchema } from '@seatside/chassis/src/config';

/** What the identity service needs beyond the chassis: set by env in both topologies. */
export const identityConfigFields = {
  /** The web app's origin, for links in mails and OIDC redirects. Default: http://HOST:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** Comma-separated e-mails that get the platform admin claim (support staff). */
  ADMIN_EMAILS: z.string().default(''),
  /** SMTP in production (`smtp://user:pass@host:587`); unset: the dev mailbox under DATA_DIR. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Seatside <no-reply@seatside.local>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  /** Lifetime of access tokens, in seconds. */
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(900),
  /** Lifetime of a refresh session, in days. */
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** Seals signing keys at rest (AES-256-GCM): 32-byte keys, base64 or hex, comma-separated, current first. Unset: DATA_DIR/data-encryption.key. */
  DATA_ENCRYPTION_KEY: z.string().optional(),
};

export const identityConfigSchema = serviceConfigSchema('identity', 8101).extend(identityConfigFields);
export type IdentityConfig = z.output<typeof identityConfigSchema>;

export interface GoogleOptions {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** The identity service's settings, as `createIdentityService` takes them. */
export interface IdentityOptions {
  /** Origin of the web app (no trailing slash), e.g. http://127.0.0.1:8080. */
  publicUrl: string;
  /** Where the dev mailbox and uploaded photos live (embedded topology). */
  dataDir: string;
  adminEmails: string[];
  smtpUrl?: string;
  mailFrom: string;
  google?: GoogleOptions;
  issuer: string;
  audience: string;
  accessTokenTtlSeconds: number;
  sessionTtlDays: number;
  /** scrypt cost (N = 2^cost). 15 in production; specs may lower it. */
  passwordCost: number;
  /** DATA_ENCRYPTION_KEY (the key ring sealing signing keys at rest); unset: a key file in dataDir. */
  dataEncryptionKey?: string;
  /**
   * Wrong passwords (accounts/sign-in-limits.ts): each (account, IP) pair gets `freeFailures`, then
   * waits twice as long after each further one, from `baseDelayMs` up to `maxDelayMs`; once an account
   * has `perAccount` failures in the window (many IPs), its pairs get no free failures. Each IP has
   * `perIp` attempts per window, whatever the accounts.
   */
  signInLimits: { perAccount: number; perIp: number; windowMs: number; freeFailures: number; baseDelayMs: number; maxDelayMs: number };
  /** One-time codes: issued and tried, per address and per IP in the window. */
  codeLimits: { perAccount: number; perIp: number; windowMs: number };
  /** A replaced refresh cookie presented again within this (another tab's refresh) is no theft. */
  refreshReuseGraceMs: number;
}

/** Settings to change from the defaults; the limits may name only the fields they change. */
export type IdentityOverrides = Omit<Partial<IdentityOptions>, 'signInLimits' | 'codeLimits'> & {
  signInLimits?: Partial<IdentityOptions['signInLimits']>;
  codeLimits?: Partial<IdentityOptions['codeLimits']>;
};

export const defaultIdentityOptions = (overrides: IdentityOverrides = {}): IdentityOptions => ({
  publicUrl: 'http://127.0.0.1:8080',
  dataDir: './.data',
  adminEmails: [],
  mailFrom: 'Seatside <no-reply@seatside.local>',
  issuer: 'seatside',
  audience: 'seatside',
  accessTokenTtlSeconds: 900,
  sessionTtlDays: 30,
  passwordCost: 15,
  ...overrides,
  signInLimits: { perAccount: 10, perIp: 100, windowMs: 15 * 60_000, freeFailures: 3, baseDelayMs: 1_000, maxDelayMs: 60_000, ...overrides.signInLimits },
  codeLimits: { perAccount: 5, perIp: 50, windowMs: 15 * 60_000, ...overrides.codeLimits },
  refreshReuseGraceMs: overrides.refreshReuseGraceMs ?? 10_000,
});

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

/** From a parsed env (the identity service alone, or the embedded gateway). */
export function identityOptionsFrom(config: {
  HOST: string;
  PORT: number;
  DATA_DIR: string;
  JWT_ISSUER: string;
  JWT_AUDIENCE: string;
} & Partial<z.output<z.ZodObject<typeof identityConfigFields>>>): IdentityOptions {
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET, issuer: config.GOOGLE_ISSUER ?? 'https://accounts.google.com' }
      : undefined;
  const host = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  return defaultIdentityOptions({
    publicUrl: (config.PUBLIC_URL ?? `http://${host}:${config.PORT}`).replace(/\/$/, ''),
    dataDir: config.DATA_DIR,
    adminEmails: list(config.ADMIN_EMAILS ?? ''),
    ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
    ...(config.MAIL_FROM ? { mailFrom: config.MAIL_FROM } : {}),
    ...(google ? { google } : {}),
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    ...(config.ACCESS_TOKEN_TTL ? { accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL } : {}),
    ...(config.SESSION_TTL_DAYS ? { sessionTtlDays: config.SESSION_TTL_DAYS } : {}),
    ...(config.DATA_ENCRYPTION_KEY?.trim() ? { dataEncryptionKey: config.DATA_ENCRYPTION_KEY } : {}),
  });
}
