import { conflict, notFound, type Decider } from '@seatside/chassis';

/** The webhooks routes' strings (seed 002 §2, §5), reused by tests and screens. */
export const webhookMessages = {
  titleRequired: 'Title is required',
  urlRequired: 'Url is required',
  urlScheme: 'Url must start with http:// or https://',
  urlInvalid: 'Url must be a valid web address, such as https://pos.example.com/webhooks',
  eventsInvalid: 'Unknown event',
  eventsList: 'Events must be a list of event values',
  eventsRequired: 'Select at least one event',
  activeBoolean: 'Active must be true or false',
  testModeBoolean: 'testMode must be true or false',
  limitNumber: 'limit must be a number',
  limitRange: 'limit must be from 1 to 100',
  pageNumber: 'page must be a number',
  pageFromOne: 'page must be 1 or more',
  badCursor: 'Invalid cursor',
  created: 'Webhook Created',
  updated: 'Webhook Updated',
  deleted: 'Webhook Deleted',
  secretRotated: 'Secret Rotated',
  resent: 'Webhook Resent',
  notFound: 'Webhook not found',
  logNotFound: 'Webhook log not found',
  alreadyExists: 'This webhook already exists',
} as const;

/** How long the previous secret keeps signing after a rotation. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;

export type WebhookOwner = { merchantId: string };

/**
 * The whole endpoint, as Created/Updated events carry it. `secret`, `previousSecret` and `bearerToken`
 * are sealed (AES-256-GCM under the data key, bound to the webhook's id): events and read models never
 * hold them in clear.
 */
export type WebhookSnapshot = WebhookOwner & {
  webhookId: string;
  title: string;
  url: string;
  active: boolean;
  events: string[];
  testMode: boolean;
  bearerToken: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: string | null;
  /** Why it was turned off by the platform (a 410 Gone), until it is turned on again. */
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
};

export type WebhookFields = Pick<WebhookSnapshot, 'title' | 'url' | 'active' | 'events'>;

export type WebhookEvent =
  | { type: 'WebhookCreated'; data: WebhookSnapshot }
  | { type: 'WebhookUpdated'; data: WebhookSnapshot }
  | { type: 'WebhookSecretRotated'; data: WebhookSnapshot }
  | { type: 'WebhookDisabled'; data: WebhookSnapshot }
  | { type: 'WebhookDeleted'; data: WebhookOwner & { webhookId: string; testMode: boolean; at: string } };

export type WebhookCommand =
  | { type: 'CreateWebhook'; data: WebhookOwner & WebhookFields & Pick<WebhookSnapshot, 'webhookId' | 'testMode' | 'bearerToken' | 'secret'> & { at: string } }
  | { type: 'UpdateWebhook'; data: WebhookOwner & { webhookId: string; changes: Partial<WebhookFields>; at: string } }
  | { type: 'RotateSecret'; data: WebhookOwner & { webhookId: string; secret: string; at: string } }
  | { type: 'DisableWebhook'; data: WebhookOwner & { webhookId: string; reason: string; at: string } }
  | { type: 'DeleteWebhook'; data: WebhookOwner & { webhookId: string; at: string } };

export type WebhookState = { status: 'none' } | { status: 'live'; webhook: WebhookSnapshot } | { status: 'deleted' };

function live(state: WebhookState, owner: WebhookOwner): WebhookSnapshot {
  if (state.status !== 'live' || state.webhook.merchantId !== owner.merchantId) throw notFound(webhookMessages.notFound, 'webhook_not_found');
  return state.webhook;
}

export const webhookDecider: Decider<WebhookCommand, WebhookEvent, WebhookState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateWebhook': {
        if (state.status !== 'none') throw conflict(webhookMessages.alreadyExists);
        const { at, ...fields } = command.data;
        return [{ type: 'WebhookCreated', data: { ...fields, previousSecret: null, previousSecretExpiresAt: null, disabledReason: null, createdAt: at, updatedAt: at } }];
      }
      case 'UpdateWebhook': {
        const current = live(state, command.data);
        const { changes, at } = command.data;
        // Turning it on again clears the platform's reason for turning it off.
        const disabledReason = changes.active === true ? null : current.disabledReason;
        return [{ type: 'WebhookUpdated', data: { ...current, ...changes, disabledReason, updatedAt: at } }];
      }
      case 'RotateSecret': {
        const current = live(state, command.data);
        const { secret, at } = command.data;
        const expires = new Date(new Date(at).getTime() + SECRET_OVERLAP_MS).toISOString();
        return [{ type: 'WebhookSecretRotated', data: { ...current, secret, previousSecret: current.secret, previousSecretExpiresAt: expires, updatedAt: at } }];
      }
      case 'DisableWebhook': {
        const current = live(state, command.data);
        if (!current.active) return [];
        return [{ type: 'WebhookDisabled', data: { ...current, active: false, disabledReason: command.data.reason, updatedAt: command.data.at } }];
      }
      case 'DeleteWebhook': {
        const { webhookId, merchantId, testMode } = live(state, command.data);
        return [{ type: 'WebhookDeleted', data: { webhookId, merchantId, testMode, at: command.data.at } }];
      }
    }
  },
  evolve(_state, event) {
    return event.type === 'WebhookDeleted' ? { status: 'deleted' } : { status: 'live', webhook: event.data };
  },
};

export const webhookStream = (webhookId: string) => `webhook-${webhookId}`;

/** The secrets that sign a delivery at `at`: the current one, and the previous one within its 24 h. */
export function signingSecrets(webhook: Pick<WebhookSnapshot, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>, at: Date): string[] {
  const previousValid = webhook.previousSecret && webhook.previousSecretExpiresAt && new Date(webhook.previousSecretExpiresAt).getTime() > at.getTime();
  return previousValid ? [webhook.secret, webhook.previousSecret!] : [webhook.secret];
}
