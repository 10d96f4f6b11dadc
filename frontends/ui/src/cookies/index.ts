export { CookieNotice } from './CookieNotice';
export {
  COOKIE_CONSENT_EVENT, COOKIE_CONSENT_KEY, COOKIE_SETTINGS_EVENT, cookieCategories, openCookieSettings, readCookieConsent, saveCookieConsent,
  type CookieCategory, type CookieChoices, type CookieConsent,
} from './consent';
