import { deleteConfirmText } from '../../lists/messages';
/** The webhooks screens' texts (seed 002 §2, §5, §8), shared by the screens and tests. */
export const webhookMessages = {
  title: 'Webhooks',
  newTitle: 'New Webhook',
  editTitle: 'Edit Webhook',
  untitled: 'Untitled',
  empty: 'No results found',
  deleteConfirm: deleteConfirmText('webhook'),
  titleRequired: 'Title is required',
  urlRequired: 'Url is required',
  logsTitle: 'Webhook Logs',
  logsEmpty: 'All caught up! No logs found!',
  secretOnce: 'You may only view this signing secret once. Please make sure to save it and store it securely.',
  secretCopied: 'Secret Copied',
} as const;

/**
 * A log's status colour (seed 002 §5): 200 green, 201 blue, 202 yellow; 400, 401, 403, 404 and 500
 * red; 204 and every other status (or none yet) grey.
 */
export type StatusColour = 'green' | 'blue' | 'yellow' | 'red' | 'grey';

export function statusColour(statusCode: number | null | undefined): StatusColour {
  switch (statusCode) {
    case 200:
      return 'green';
    case 201:
      return 'blue';
    case 202:
      return 'yellow';
    case 400:
    case 401:
    case 403:
    case 404:
    case 500:
      return 'red';
    default:
      return 'grey';
  }
}
