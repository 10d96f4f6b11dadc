import { TEAM_ROLE_LABELS } from '@seatside/rules';
import { deleteConfirmText } from '../lists/messages';
/** The spec's texts for team users and API keys (seed 002 §2, §5, §8), shared by the screens and tests. */
export const teamUserMessages = {
  newUserTitle: 'New User',
  editUserTitle: 'Edit User',
  deleteUserTitle: 'Delete User',
  deleteUserConfirm: 'Are you sure you want to delete this user?',
  you: 'You',
  required: 'Required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email',
} as const;

export const apiKeyMessages = {
  newTitle: 'New Api Key',
  editTitle: 'Edit API Key',
  untitled: 'Untitled',
  sandbox: 'Sandbox',
  production: 'Production',
  empty: 'No results found',
  // The spec reuses the webhook text for the API key delete confirmation.
  deleteConfirm: deleteConfirmText('webhook'),
  viewOnce: 'You may only view your API key once. Please make sure to save it and store it securely.',
  copied: 'API Key Copied',
} as const;

export const roleLabels = TEAM_ROLE_LABELS;

/** Branding (seed 001 §2, §8; seed 002 §5): the four images, the success alert, the accepted types. */
export const brandingMessages = {
  title: 'Branding',
  iconHint: 'suggested 512x512',
  /** Seed 001 §8: the alert after an image upload. */
  saved: 'Image uploaded',
  uploading: 'Uploading…',
  noImage: 'No image yet',
  // The media service's words for anything but png or jpeg (docs/media-api.md); the screen says the same.
  notAnImage: 'Please upload a PNG or JPEG image',
} as const;

/** The brand images in the screen's order, with their labels (seed 001 §2) and upload keys. */
export const brandImages = [
  { key: 'icon', label: 'Icon', hint: brandingMessages.iconHint },
  { key: 'logo', label: 'Logo light' },
  { key: 'logoDark', label: 'Logo Dark' },
  { key: 'banner', label: 'Banner' },
] as const;

/** Test Data (seed 002 §2, §5, §8, §9). */
export const testDataMessages = {
  title: 'Test Data',
  deleteTitle: 'Delete Test Data',
  importTitle: 'Import Test Data',
  confirmWord: 'DELETE',
  typeDelete: 'Please enter in DELETE to delete this merchant',
  selectMerchant: 'Please select a merchant',
  validMerchant: 'Please select a valid merchant',
  deleted: 'Test Data Deleted',
  imported: 'Sample Data Imported',
} as const;

/** The settings sections' own texts (seed 001 §5, §8; seed 002 §2, §5, §8), shared by the screens and tests. */
export const settingsMessages = {
  required: 'Required',
  adminsOnly: 'Only an admin can change these settings.',
  linkCopied: 'Link Copied! Paste & Share',
  address: { title: 'Address', saved: 'Address updated.' },
  colors: { title: 'Colors', saved: 'Colors saved successfully' },
  details: { title: 'Details', saved: 'Details saved successfully.' },
  hours: { title: 'Hours', saved: 'Hours saved successfully', allDay: '24 Hours', open: 'Open' },
  fonts: { title: 'Fonts', saved: 'Fonts updated successfully', failed: 'Error updating fonts', pro: 'PRO' },
  goals: {
    title: 'Goals',
    saved: 'Goals updated.',
    volume: 'Daily order volume must be between 10 and 10,000',
    revenue: 'Daily order revenue must be between 100 and 10,000',
  },
  links: { title: 'Links', saved: 'Links saved', empty: 'No links yet.' },
  notifications: {
    title: 'Notification Preferences',
    saved: 'Preferences saved',
    smsConsent: 'Please consent to SMS notifications',
    denied: 'Permission for notifications was denied',
    status: (status: string) => `Permission status: ${status}`,
    testSent: 'Web Push notification sent',
    smsNotSent: 'No SMS provider is configured on this platform yet: SMS notifications are saved but not sent.',
  },
  place: { title: 'Google Place ID', saved: 'Place Updated' },
  ordering: {
    title: 'Ordering',
    saved: 'Settings saved',
    tabNotice:
      'Tab ordering does not notify your point-of-sale system when an item is added to a tab or an order is created. Install the dashboard app and turn its notifications on to hear about new tab orders.',
  },
  teleport: { title: 'Teleport', saved: 'Options Updated', urlRequired: 'URL is required when Teleport is enabled.', urlInvalid: 'Please enter a valid URL.' },
  translations: { title: 'Text Translations', saved: 'Translations saved successfully', empty: 'No translations.' },
  handle: { title: 'Domain & Handle' },
  domain: { title: 'Custom domain' },
  delete: { title: 'Delete', confirmWord: 'DELETE', typeDelete: 'Please enter in DELETE to delete this merchant' },
  debug: { title: 'Debug', toggle: 'Show the JSON of the objects on screen' },
} as const;
