/**
 * Cookie consent (seed 002 §2, §4, §9): the categories and the remembered choice.
 * Necessary cookies are always active; the others are off until the visitor allows them.
 */
export const COOKIE_CONSENT_KEY = 'seatside.cookieConsent';
export const COOKIE_CONSENT_EVENT = 'seatside:cookie-consent';
/** Dispatched on window to open the notice again (the footer's Cookie settings), wherever the notice is rendered. */
export const COOKIE_SETTINGS_EVENT = 'seatside:cookie-settings';
/** The CSS variable the open notice sets on the page's root: how far it reaches up from the window's bottom. */
export const COOKIE_DRAWER_REACH = '--ssc-drawer-reach';

export type CookieCategory = 'necessary' | 'functional' | 'analytics' | 'performance' | 'advertisement';

export const cookieCategories: { key: CookieCategory; label: string; description: string }[] = [
  // Labels: seed 002 §9. Descriptions are ours (the spec does not give them).
  { key: 'necessary', label: 'Necessary', description: 'Needed for the site to work: signing in, security and remembering this choice.' },
  { key: 'functional', label: 'Functional', description: 'Remember your preferences, such as language and region.' },
  { key: 'analytics', label: 'Analytics', description: 'Help us understand how visitors use the site so we can improve it.' },
  { key: 'performance', label: 'Performance', description: 'Measure how fast pages load and where they slow down.' },
  { key: 'advertisement', label: 'Advertisement', description: 'Show relevant ads and measure their reach.' },
];

export type CookieChoices = Record<CookieCategory, boolean>;

export interface CookieConsent extends CookieChoices {
  decidedAt: string;
}

export const defaultChoices = (): CookieChoices => ({ necessary: true, functional: false, analytics: false, performance: false, advertisement: false });

export function readCookieConsent(): CookieConsent | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(COOKIE_CONSENT_KEY);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<CookieConsent>;
    if (typeof value !== 'object' || value === null || typeof value.decidedAt !== 'string') return undefined;
    const choices = defaultChoices();
    for (const { key } of cookieCategories) if (key !== 'necessary') choices[key] = value[key] === true;
    return { ...choices, decidedAt: value.decidedAt };
  } catch {
    return undefined;
  }
}

/** Opens the cookie notice again, with the categories and the choice already made, to change it. */
export function openCookieSettings(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(COOKIE_SETTINGS_EVENT));
}

/** Stores the choice (Necessary forced on) and tells the page, e.g. to start analytics. */
export function saveCookieConsent(choices: CookieChoices): CookieConsent {
  const consent: CookieConsent = { ...choices, necessary: true, decidedAt: new Date().toISOString() };
  try {
    globalThis.localStorage?.setItem(COOKIE_CONSENT_KEY, JSON.stringify(consent));
  } catch {
    // blocked storage: the notice will simply ask again next time
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(COOKIE_CONSENT_EVENT, { detail: consent }));
  return consent;
}
