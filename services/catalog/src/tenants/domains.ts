import { promises as nodeDns } from 'node:dns';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * Custom domains (seed 001 §3 "Domain verification", §9; issue 18): a tenant names a domain, the
 * answer lists the DNS records to create (an A record to the configured address for an apex, a
 * CNAME to the configured host for a subdomain, plus a TXT ownership record), and verification
 * reads DNS through this port (node's resolver; a fake in tests).
 */
export interface DnsPort {
  resolveTxt(name: string): Promise<string[][]>;
  resolve4(name: string): Promise<string[]>;
  resolveCname(name: string): Promise<string[]>;
}

export const nodeDnsPort = (): DnsPort => ({
  resolveTxt: (name) => nodeDns.resolveTxt(name),
  resolve4: (name) => nodeDns.resolve4(name),
  resolveCname: (name) => nodeDns.resolveCname(name),
});

export interface CustomDomainOptions {
  /** Where an apex domain's A record points (CUSTOM_DOMAIN_A_RECORD). */
  aRecord: string;
  /** Where a subdomain's CNAME points (CUSTOM_DOMAIN_CNAME). */
  cnameTarget: string;
  dns: DnsPort;
}

export const domainMessages = {
  required: 'Required',
  invalid: 'Please enter a valid domain',
  added: 'Domain added. Create the DNS records below; the domain is served once they are found.',
  verified: 'Domain verified',
  pending: 'The DNS records were not found yet. DNS changes can take a while to spread.',
  removed: 'Domain removed',
  none: 'No domain is set',
} as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A lower-case host name with at least two labels, no scheme, port or path. */
export const domainInput = z
  .string({ error: domainMessages.required })
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^https?:\/\//, '').replace(/\/+$/, '').replace(/\.$/, ''))
  .refine((value) => value.length > 0, domainMessages.required)
  .refine((value) => value.length <= 253 && value.split('.').length >= 2 && value.split('.').every((label) => LABEL.test(label)) && /[a-z]/.test(value.split('.').pop() ?? ''), domainMessages.invalid);

/** Two labels (`example.com`) is an apex; more is a subdomain (`order.example.com`). */
export const isApex = (domain: string) => domain.split('.').length === 2;

export const newVerificationToken = () => randomBytes(16).toString('hex');

export type VerificationRecord = { type: 'A' | 'CNAME' | 'TXT'; domain: string; value: string; reason: string };

export const ownershipName = (domain: string) => `_seatside.${domain}`;
export const ownershipValue = (token: string) => `seatside-verification=${token}`;

/** The records the tenant must create, in the order the screen lists them. */
export function verificationRecords(domain: string, token: string, options: Pick<CustomDomainOptions, 'aRecord' | 'cnameTarget'>): VerificationRecord[] {
  const routing: VerificationRecord = isApex(domain)
    ? { type: 'A', domain, value: options.aRecord, reason: 'Points your domain at the ordering page' }
    : { type: 'CNAME', domain, value: options.cnameTarget, reason: 'Points your subdomain at the ordering page' };
  return [routing, { type: 'TXT', domain: ownershipName(domain), value: ownershipValue(token), reason: 'Proves that you own this domain' }];
}

const settle = async <T>(read: Promise<T>, fallback: T) => read.catch(() => fallback);
const sameHost = (a: string, b: string) => a.replace(/\.$/, '').toLowerCase() === b.replace(/\.$/, '').toLowerCase();

/** Verified when the TXT ownership record holds the token and the routing record points where it should. */
export async function isVerified(domain: string, token: string, options: CustomDomainOptions): Promise<boolean> {
  const txt = await settle(options.dns.resolveTxt(ownershipName(domain)), [] as string[][]);
  if (!txt.some((chunks) => chunks.join('') === ownershipValue(token))) return false;
  if (isApex(domain)) return (await settle(options.dns.resolve4(domain), [] as string[])).includes(options.aRecord);
  return (await settle(options.dns.resolveCname(domain), [] as string[])).some((target) => sameHost(target, options.cnameTarget));
}
