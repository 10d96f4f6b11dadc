import { conflict, notFound, type Decider } from '@seatside/chassis';

/** The spec's words for menus (docs/catalog-api.md), reused by the router and the specs. */
export const menuMessages = {
  titleRequired: 'Title is required',
  timeAsHHMM: 'Please enter a time as HHMM',
  notFound: 'Menu not found',
  created: 'Menu Created',
  updated: 'Menu Updated',
  deleted: 'Menu Deleted',
} as const;

/** null falls back to the merchant's branding. */
export type MenuBranding = { banner: string | null; icon: string | null };

/** Offered all day, or from begin to end: four-digit HHMM in the merchant's time zone. */
export type MenuAvailability = { allDayMenu: true; begin: null; end: null } | { allDayMenu: false; begin: string; end: string };

export type MenuFields = {
  title: string;
  description: string;
  branding: MenuBranding;
  availability: MenuAvailability;
  /** Product ids, in display order. */
  products: string[];
};

/** Every event names its merchant and mode, so consumers (webhooks, storefront) need no lookup. */
type Owner = { menuId: string; merchantId: string; testMode: boolean; at: string };

export type MenuEvent =
  | { type: 'MenuCreated'; data: Owner & MenuFields }
  | { type: 'MenuUpdated'; data: Owner & Partial<MenuFields> }
  | { type: 'MenuDeleted'; data: Owner };

type Target = { menuId: string; merchantId: string; at: string };

export type MenuCommand =
  | { type: 'CreateMenu'; data: Owner & MenuFields }
  | { type: 'UpdateMenu'; data: Target & Partial<MenuFields> }
  | { type: 'DeleteMenu'; data: Target };

export type MenuState =
  | { status: 'none' }
  | ({ status: 'live'; merchantId: string; testMode: boolean } & MenuFields)
  | { status: 'deleted'; merchantId: string; testMode: boolean };

/** A menu of another merchant does not exist for this one. */
const liveFor = (state: MenuState, merchantId: string) => {
  if (state.status !== 'live' || state.merchantId !== merchantId) throw notFound(menuMessages.notFound);
  return state;
};

export const menuDecider: Decider<MenuCommand, MenuEvent, MenuState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateMenu':
        if (state.status !== 'none') throw conflict('This menu already exists');
        return [{ type: 'MenuCreated', data: command.data }];
      case 'UpdateMenu': {
        const { testMode } = liveFor(state, command.data.merchantId);
        return [{ type: 'MenuUpdated', data: { ...command.data, testMode } }];
      }
      case 'DeleteMenu': {
        const { testMode } = liveFor(state, command.data.merchantId);
        return [{ type: 'MenuDeleted', data: { ...command.data, testMode } }];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'MenuCreated': {
        const { menuId: _id, at: _at, ...fields } = event.data;
        return { status: 'live', ...fields };
      }
      case 'MenuUpdated': {
        if (state.status !== 'live') return state;
        const { menuId: _id, at: _at, merchantId: _m, testMode: _t, ...changes } = event.data;
        return { ...state, ...changes };
      }
      case 'MenuDeleted':
        return { status: 'deleted', merchantId: event.data.merchantId, testMode: event.data.testMode };
    }
  },
};

export const menuStream = (menuId: string) => `menu-${menuId}`;
