import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { forbidden } from '@seatside/chassis';
import { mediaMessages as m } from '../messages';

/** Seed 002 §7: a two-step upload's policy holds for 10 minutes. */
export const POLICY_TTL_MS = 10 * 60_000;

/** What step one allows: one key, one content type, a size, until a time. */
export interface UploadPolicy {
  key: string;
  contentType: string;
  maxBytes: number;
  expiresAt: string;
}

const policySchema = z.object({ key: z.string(), contentType: z.string(), maxBytes: z.number().int().positive(), expiresAt: z.string() });

/** The form fields a browser posts back, in the order it must send them (before `file`). */
export const policyFields = z.object({
  key: z.string().describe('The object key the policy names.'),
  'Content-Type': z.string().describe('The image type the policy names.'),
  policy: z.string().min(1).describe('The base64 JSON policy.'),
  signature: z.string().min(1).describe('Its HMAC-SHA256.'),
});
export type PolicyFields = z.output<typeof policyFields>;

const signatureOf = (secret: Buffer, encodedPolicy: string) => createHmac('sha256', secret).update(encodedPolicy).digest('hex');

/** A base64 JSON policy and its HMAC-SHA256, as the form-upload endpoint checks them. */
export function signPolicy(secret: Buffer, policy: UploadPolicy): PolicyFields {
  const encoded = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  return { key: policy.key, 'Content-Type': policy.contentType, policy: encoded, signature: signatureOf(secret, encoded) };
}

function decoded(encoded: string): UploadPolicy | undefined {
  try {
    const parsed = policySchema.safeParse(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const sameSignature = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The policy of posted fields, when our signature holds and the posted key and content type are the
 * policy's; 403 otherwise, and 403 "expired" after its time.
 */
export function verifyPolicy(secret: Buffer, fields: Record<string, string | undefined>, now: Date): UploadPolicy {
  const posted = policyFields.safeParse(fields);
  if (!posted.success || !sameSignature(posted.data.signature, signatureOf(secret, posted.data.policy))) throw forbidden(m.uploadLinkInvalid);
  const policy = decoded(posted.data.policy);
  if (!policy || posted.data.key !== policy.key || posted.data['Content-Type'] !== policy.contentType) throw forbidden(m.uploadLinkInvalid);
  if (now.toISOString() > policy.expiresAt) throw forbidden(m.uploadLinkExpired);
  return policy;
}
