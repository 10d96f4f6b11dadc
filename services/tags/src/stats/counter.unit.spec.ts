import { countsAsPerson, recentSet } from './counter';
import { lastDays } from './store';

describe('scan counting rules', () => {
  it('given user agents, then browsers count and bots, previews, scripts and an empty agent do not', () => {
    const agents = {
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1': true,
      'Mozilla/5.0 (compatible; Googlebot/2.1)': false,
      'facebookexternalhit/1.1': false,
      'Slackbot-LinkExpanding 1.0': false,
      'curl/8.5.0': false,
      'Wget/1.21': false,
      'Mozilla/5.0 HeadlessChrome/126': false,
      '': false,
    };
    expect(Object.fromEntries(Object.keys(agents).map((a) => [a, countsAsPerson(a)]))).toEqual(agents);
    expect(countsAsPerson(undefined)).toBe(false);
  });

  it('given a key seen within the TTL, then it is not first; after the TTL it is again', () => {
    const seen = recentSet({ ttlMs: 30_000, max: 10 });
    expect([seen.firstSeen('a', 0), seen.firstSeen('a', 29_999), seen.firstSeen('a', 30_000)]).toEqual([true, false, true]);
  });

  it('given more keys than the bound, then the oldest are forgotten and the set stays bounded', () => {
    const seen = recentSet({ ttlMs: 30_000, max: 3 });
    for (const key of ['a', 'b', 'c', 'd']) seen.firstSeen(key, 0);
    expect(seen.size).toBe(3);
    expect([seen.firstSeen('d', 1), seen.firstSeen('a', 1)]).toEqual([false, true]);
  });

  it('given a day, then the last N UTC days end with it, oldest first, across a month', () => {
    expect(lastDays(new Date('2026-03-02T23:59:59Z'), 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});
