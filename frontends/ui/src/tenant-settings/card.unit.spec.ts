import { describe, expect, it } from '@jest/globals';
import type { TenantCard } from '../auth/me';
import type { TenantRecord } from './api';
import { cardAgrees } from './card';

const card: TenantCard = { id: 'm1', name: 'Nachos Grande', description: '', handle: 'nachos', branding: { banner: undefined, icon: 'https://cdn/icon.png' }, role: 'admin' };
const record: TenantRecord = { id: 'm1', name: 'Nachos Grande', handle: 'nachos', branding: { icon: 'https://cdn/icon.png', banner: null } };

describe('cardAgrees: the account card of a tenant against its record', () => {
  it('given the same name, description, handle and images (absent, null and empty alike), then it agrees', () => {
    expect(cardAgrees(card, record)).toBe(true);
  });

  it('given a record renamed, described, with another handle, icon or banner, then it does not', () => {
    expect(cardAgrees(card, { ...record, name: 'Nachos Supreme' })).toBe(false);
    expect(cardAgrees(card, { ...record, description: 'Loaded nachos' })).toBe(false);
    expect(cardAgrees(card, { ...record, handle: 'nachos-supreme' })).toBe(false);
    expect(cardAgrees(card, { ...record, branding: { icon: 'https://cdn/new.png' } })).toBe(false);
    expect(cardAgrees(card, { ...record, branding: { icon: 'https://cdn/icon.png', banner: 'https://cdn/banner.png' } })).toBe(false);
  });

  it('given no card (a platform admin who is not a member), then it does not', () => {
    expect(cardAgrees(undefined, record)).toBe(false);
  });
});
