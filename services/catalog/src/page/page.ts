import { conflict, type Decider } from '@seatside/chassis';
import { pageMessages, type Page } from './blocks';

/**
 * A merchant's page (seed 002 §3 blocks, views, drawers) as one stream per merchant: saves replace
 * the draft; publishing makes the draft what diners see. Each event carries the whole page, so a
 * reader upserts it.
 */
export type PageEvent =
  | { type: 'PageDraftSaved'; data: { merchantId: string; page: Page; at: string } }
  | { type: 'PagePublished'; data: { merchantId: string; page: Page; at: string } };

export type PageCommand =
  | { type: 'SavePageDraft'; data: { merchantId: string; page: Page; at: string } }
  | { type: 'PublishPage'; data: { merchantId: string; at: string } };

export type PageState = { draft: Page | null; published: Page | null };

export const pageDecider: Decider<PageCommand, PageEvent, PageState> = {
  initialState: () => ({ draft: null, published: null }),
  decide(command, state) {
    switch (command.type) {
      case 'SavePageDraft':
        return [{ type: 'PageDraftSaved', data: command.data }];
      case 'PublishPage': {
        if (!state.draft) throw conflict(pageMessages.nothingToPublish);
        return [{ type: 'PagePublished', data: { merchantId: command.data.merchantId, page: state.draft, at: command.data.at } }];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'PageDraftSaved':
        return { ...state, draft: event.data.page };
      case 'PagePublished':
        return { ...state, published: event.data.page };
    }
  },
};

export const pageStream = (merchantId: string) => `page-${merchantId}`;
