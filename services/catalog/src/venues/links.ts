import { notFound, validationFailed, type Decider } from '@seatside/chassis';

/**
 * A venue's linked merchants (seed 002 §4, issue 20): the venue lists merchants in its own order.
 * No venue lists a merchant without its consent: a venue admin who also administers the merchant
 * links it at once; anyone else makes a request that the merchant's admin accepts or declines.
 */
export const linkMessages = {
  linked: 'Merchant linked',
  requested: "Link requested. The merchant's admin will accept or decline it.",
  alreadyLinked: 'Merchant already linked',
  alreadyRequested: 'Link already requested',
  unlinked: 'Merchant unlinked',
  notLinked: 'Merchant is not linked',
  reordered: 'Merchant order saved',
  badOrder: 'The new order must list each linked merchant once',
  accepted: 'Venue link accepted',
  declined: 'Venue link declined',
  noRequest: 'Link request not found',
  badAction: "action must be 'link' or 'unlink'",
  badAnswer: "action must be 'accept' or 'decline'",
  merchantNotFound: 'Merchant not found',
} as const;

export type VenueMerchantLinked = { venueId: string; merchantId: string; by: string; at: string };
export type VenueLinkRequested = { venueId: string; merchantId: string; by: string; at: string };
export type VenueLinkDeclined = { venueId: string; merchantId: string; by: string; at: string };
export type VenueMerchantUnlinked = { venueId: string; merchantId: string; by: string; at: string };
export type VenueMerchantsReordered = { venueId: string; merchantIds: string[]; by: string; at: string };

export type LinkEvent =
  | { type: 'VenueMerchantLinked'; data: VenueMerchantLinked }
  | { type: 'VenueLinkRequested'; data: VenueLinkRequested }
  | { type: 'VenueLinkDeclined'; data: VenueLinkDeclined }
  | { type: 'VenueMerchantUnlinked'; data: VenueMerchantUnlinked }
  | { type: 'VenueMerchantsReordered'; data: VenueMerchantsReordered };

type Who = { venueId: string; merchantId: string; by: string; at: string };
export type LinkCommand =
  /** `consent`: the caller also administers the merchant. */
  | { type: 'Link'; data: Who & { consent: boolean } }
  | { type: 'Unlink'; data: Who }
  | { type: 'AnswerRequest'; data: Who & { accept: boolean } }
  /** `gone`: linked merchants that no longer exist (deleted): the dashboard cannot list them, so the new order leaves them out. */
  | { type: 'Reorder'; data: { venueId: string; merchantIds: string[]; gone: string[]; by: string; at: string } };

export type LinkState = { linked: string[]; pending: string[] };

const without = (ids: string[], id: string) => ids.filter((x) => x !== id);

/** Whether `next` lists exactly the merchants of `linked`, each once. */
export const isPermutation = (linked: string[], next: string[]) =>
  next.length === linked.length && new Set(next).size === next.length && next.every((id) => linked.includes(id));

/** The message a link command answers with, from the events it decided (`wasLinked`: the merchant was linked before). */
export function linkOutcome(command: LinkCommand, events: LinkEvent[], wasLinked: boolean): string {
  const type = events[0]?.type;
  switch (command.type) {
    case 'Link':
      return type === 'VenueMerchantLinked' ? linkMessages.linked : type === 'VenueLinkRequested' ? linkMessages.requested : wasLinked ? linkMessages.alreadyLinked : linkMessages.alreadyRequested;
    case 'Unlink':
      return type ? linkMessages.unlinked : linkMessages.notLinked;
    case 'AnswerRequest':
      return command.data.accept ? linkMessages.accepted : linkMessages.declined;
    case 'Reorder':
      return linkMessages.reordered;
  }
}

/** One stream per venue (`venuelinks-{venueId}`: not `venue-`, the tenant stream's published prefix): its linked merchants in order and the pending requests. */
export const linkDecider: Decider<LinkCommand, LinkEvent, LinkState> = {
  initialState: () => ({ linked: [], pending: [] }),
  decide(command, state) {
    switch (command.type) {
      case 'Link': {
        const { consent, ...data } = command.data;
        if (state.linked.includes(data.merchantId)) return [];
        if (consent) return [{ type: 'VenueMerchantLinked', data }];
        if (state.pending.includes(data.merchantId)) return [];
        return [{ type: 'VenueLinkRequested', data }];
      }
      case 'Unlink':
        if (!state.linked.includes(command.data.merchantId) && !state.pending.includes(command.data.merchantId)) return [];
        return [{ type: 'VenueMerchantUnlinked', data: command.data }];
      case 'AnswerRequest': {
        const { accept, ...data } = command.data;
        if (!state.pending.includes(data.merchantId)) throw notFound(linkMessages.noRequest);
        return [accept ? { type: 'VenueMerchantLinked', data } : { type: 'VenueLinkDeclined', data }];
      }
      case 'Reorder': {
        const { gone, ...data } = command.data;
        const listed = state.linked.filter((id) => !gone.includes(id));
        if (!isPermutation(listed, data.merchantIds)) throw validationFailed(linkMessages.badOrder, { merchants: linkMessages.badOrder });
        // The deleted ones keep their links, after the ones the venue ordered.
        const merchantIds = [...data.merchantIds, ...state.linked.filter((id) => gone.includes(id))];
        if (merchantIds.every((id, i) => state.linked[i] === id)) return [];
        return [{ type: 'VenueMerchantsReordered', data: { ...data, merchantIds } }];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'VenueMerchantLinked':
        return { linked: [...without(state.linked, event.data.merchantId), event.data.merchantId], pending: without(state.pending, event.data.merchantId) };
      case 'VenueLinkRequested':
        return { ...state, pending: [...state.pending, event.data.merchantId] };
      case 'VenueLinkDeclined':
        return { ...state, pending: without(state.pending, event.data.merchantId) };
      case 'VenueMerchantUnlinked':
        return { linked: without(state.linked, event.data.merchantId), pending: without(state.pending, event.data.merchantId) };
      case 'VenueMerchantsReordered':
        return { ...state, linked: event.data.merchantIds };
    }
  },
};

export const linkStream = (venueId: string) => `venuelinks-${venueId}`;
