import { spec } from '@seatside/chassis/src/testkit/decider';
import { apiKeyDecider, type ApiKeyCreated, type ApiKeyEvent } from './apikey';
import { mintApiKey, sha256Hex, testModeOfKey } from './secret';

const at = '2026-11-22T12:00:00.000Z';
const key = { apiKeyId: 'k1', collection: 'merchants', tenantId: 'm1' } as const;
const createdData: ApiKeyCreated = { ...key, title: 'POS', testMode: true, keyPrefix: 'sk_test_abcd', secretSha256: 'f'.repeat(64), createdBy: 'alice', at };
const created: ApiKeyEvent = { type: 'ApiKeyCreated', data: createdData };
const revoked: ApiKeyEvent = { type: 'ApiKeyRevoked', data: { ...key, revokedBy: 'alice', at } };

describe('API key decider', () => {
  it('given nothing, when a key is created, then ApiKeyCreated with the hash only', () => {
    spec(apiKeyDecider).given([]).when({ type: 'CreateApiKey', data: createdData }).then([created]);
  });

  it('given a key, when it is created again, then 409', () => {
    spec(apiKeyDecider).given([created]).when({ type: 'CreateApiKey', data: createdData }).thenThrows('Conflict', 'This API key already exists');
  });

  it('given a key, when it is renamed, then ApiKeyUpdated with its tenant', () => {
    spec(apiKeyDecider)
      .given([created])
      .when({ type: 'RenameApiKey', data: { apiKeyId: 'k1', title: 'Kiosk', at } })
      .then([{ type: 'ApiKeyUpdated', data: { ...key, title: 'Kiosk', at } }]);
  });

  it('given a key, when it is renamed to its own title, then nothing happens', () => {
    spec(apiKeyDecider).given([created]).when({ type: 'RenameApiKey', data: { apiKeyId: 'k1', title: 'POS', at } }).then([]);
  });

  it('given a key, when it is revoked, then ApiKeyRevoked naming who did it', () => {
    spec(apiKeyDecider).given([created]).when({ type: 'RevokeApiKey', data: { apiKeyId: 'k1', by: 'alice', at } }).then([revoked]);
  });

  it.each([
    ['no key', []],
    ['a revoked key', [created, revoked]],
  ])('given %s, when it is renamed or revoked, then 404 "API key not found"', (_name, given) => {
    spec(apiKeyDecider).given(given as ApiKeyEvent[]).when({ type: 'RenameApiKey', data: { apiKeyId: 'k1', title: 'x', at } }).thenThrows('NotFound', 'API key not found');
    spec(apiKeyDecider).given(given as ApiKeyEvent[]).when({ type: 'RevokeApiKey', data: { apiKeyId: 'k1', by: 'alice', at } }).thenThrows('NotFound', 'API key not found');
  });
});

describe('API key secrets', () => {
  it.each([
    [true, 'sk_test_'],
    [false, 'sk_live_'],
  ])('given testMode %s, when a key is minted, then it starts with %s, then 32 bytes of base64url', (testMode, prefix) => {
    const random = Buffer.alloc(32, 7);
    const { apiKey, keyPrefix, secretSha256 } = mintApiKey(testMode, random);
    expect(apiKey).toBe(`${prefix}${random.toString('base64url')}`);
    expect(apiKey).toHaveLength(prefix.length + 43);
    expect(keyPrefix).toBe(apiKey.slice(0, prefix.length + 4));
    expect(secretSha256).toBe(sha256Hex(apiKey));
    expect(secretSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(testModeOfKey(apiKey)).toBe(testMode);
  });

  it('given two minted keys, then they differ', () => {
    expect(mintApiKey(false).apiKey).not.toBe(mintApiKey(false).apiKey);
  });

  it('given a token of another shape, then it claims no mode', () => {
    expect(testModeOfKey('sk_other_abc')).toBeUndefined();
  });
});
