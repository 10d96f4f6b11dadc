export { CookieNotice } from './CookieNotice';
export {
  COOKIE_CONSENT_EVENT, COOKIE_CONSENT_KEY, cookieCategories, readCookieConsent, saveCookieConsent,
  type CookieCategory, type CookieChoices, type CookieConsent,
} from './consent';
