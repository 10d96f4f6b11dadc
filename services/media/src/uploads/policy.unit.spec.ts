import { signPolicy, verifyPolicy, type UploadPolicy } from './policy';

const secret = Buffer.alloc(32, 7);
const policy: UploadPolicy = { key: 'merchants/m1/files/a.png', contentType: 'image/png', maxBytes: 10, expiresAt: '2026-11-22T12:10:00.000Z' };
const now = new Date('2026-11-22T12:00:00.000Z');
const invalid = 'This upload link is not valid.';

describe('upload policy', () => {
  it('given signed fields, when verified in time, then the policy', () => {
    expect(verifyPolicy(secret, signPolicy(secret, policy), now)).toEqual(policy);
  });

  it('given signed fields, then the key and content type are plain fields beside the policy', () => {
    expect(signPolicy(secret, policy)).toMatchObject({ key: policy.key, 'Content-Type': 'image/png', policy: expect.any(String), signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it.each<[string, (fields: Record<string, string>) => Record<string, string | undefined>]>([
    ['a policy with a bigger size', (f) => ({ ...f, policy: Buffer.from(JSON.stringify({ ...policy, maxBytes: 1e9 })).toString('base64') })],
    ['another signature', (f) => ({ ...f, signature: 'ab'.repeat(32) })],
    ['no signature', (f) => ({ ...f, signature: undefined })],
    ['no policy', (f) => ({ ...f, policy: undefined })],
    ['another key field', (f) => ({ ...f, key: 'merchants/m2/files/a.png' })],
    ['another content type field', (f) => ({ ...f, 'Content-Type': 'image/jpeg' })],
  ])('given %s, then 403 "This upload link is not valid."', (_, tamper) => {
    expect(() => verifyPolicy(secret, tamper({ ...signPolicy(secret, policy) }), now)).toThrow(invalid);
  });

  it('given a policy signed with another key, then it is not valid', () => {
    expect(() => verifyPolicy(secret, signPolicy(Buffer.alloc(32, 8), policy), now)).toThrow(invalid);
  });

  it('given a signed policy after its expiry, then 403 "This upload link has expired. Please upload the image again."', () => {
    expect(() => verifyPolicy(secret, signPolicy(secret, policy), new Date('2026-11-22T12:10:00.001Z'))).toThrow(
      expect.objectContaining({ kind: 'Forbidden', message: 'This upload link has expired. Please upload the image again.' }),
    );
  });
});
