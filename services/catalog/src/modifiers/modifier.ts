import { MAX_AMOUNT_TEXT, conflict, notFound, validationFailed, type Decider } from '@seatside/chassis';
import { selectionsOf } from '@seatside/rules';
import type { Denominated } from '../entities';

/** Seed 001 §5 and §8: the modifier screens' strings ("Price is required" for instructions is spelt so). */
export const modifierMessages = {
  titleRequired: 'Title is required',
  instructionsRequired: 'Price is required',
  additionalCostInvalid: 'Additional cost must be an amount of 0 or more',
  additionalCostTooPrecise: 'Additional cost must have at most 2 decimal places',
  additionalCostTooLarge: `Additional cost must be at most ${MAX_AMOUNT_TEXT}`,
  needsOption: 'A required modifier needs at least one option',
  limitOverOptions: 'The selection limit cannot be more than the number of options',
  notFound: 'Modifier not found',
  created: 'Modifier Created',
  updated: 'Modifier Updated',
  deleted: 'Modifier Deleted',
} as const;

/** An option as events carry it: the extra cost in integer minor units (the API shows `additionalCost` in major units). */
export type ModifierOption = { id: string; label: string; additionalCostMinor: number; additionalCalories: number; preSelected: boolean };

export type ModifierRules = {
  required: boolean;
  allowedMultiple: boolean;
  /** How many options may (or, with requireSelectRestriction, must) be chosen; 0 = no limit. */
  selectRestriction: number;
  requireSelectRestriction: boolean;
  enableOptionQuantity: boolean;
};

/** What a merchant edits (seed 001 §3). */
export type ModifierFields = { title: string; instructions: string; description: string; options: ModifierOption[]; rules: ModifierRules };

/** The whole record: Created and Updated events carry it, so a consumer upserts the snapshot. */
export type Modifier = ModifierFields & Denominated & { modifierId: string; merchantId: string; testMode: boolean; createdAt: string; updatedAt: string };

export type ModifierEvent =
  | { type: 'ModifierCreated'; data: Modifier }
  | { type: 'ModifierUpdated'; data: Modifier }
  | { type: 'ModifierDeleted'; data: { modifierId: string; merchantId: string; testMode: boolean; at: string } };

export type ModifierCommand =
  | { type: 'CreateModifier'; data: ModifierFields & Denominated & { modifierId: string; merchantId: string; testMode: boolean; at: string } }
  | { type: 'UpdateModifier'; data: Denominated & { modifierId: string; merchantId: string; changes: Partial<ModifierFields>; at: string } }
  | { type: 'DeleteModifier'; data: { modifierId: string; merchantId: string; at: string } };

export type ModifierState = { status: 'none' } | { status: 'live'; modifier: Modifier } | { status: 'deleted' };

/** The selections the list shows (seed 001 §3), from the rules: the one rule in `@seatside/rules`, which checkout enforces too. */
export { selectionsOf };

/**
 * A modifier a diner can always answer: it asks for no more options than it has (seed 001 §3's
 * rules, read by `selectionsOf` as checkout reads them). A required one with no options, or one
 * that needs exactly 4 of 3, would make every product that offers it impossible to order.
 */
export function assertAnswerable({ options, rules }: Pick<ModifierFields, 'options' | 'rules'>): void {
  const { minSelections } = selectionsOf({ options, rules });
  if (minSelections <= options.length) return;
  if (options.length === 0) throw validationFailed(modifierMessages.needsOption, { options: modifierMessages.needsOption });
  throw validationFailed(modifierMessages.limitOverOptions, { 'rules.selectRestriction': modifierMessages.limitOverOptions });
}

/** The live modifier of this merchant, or NotFound: another merchant's modifier id is not found either. */
function liveModifier(state: ModifierState, merchantId: string): Modifier {
  if (state.status !== 'live' || state.modifier.merchantId !== merchantId) throw notFound(modifierMessages.notFound);
  return state.modifier;
}

export const modifierDecider: Decider<ModifierCommand, ModifierEvent, ModifierState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateModifier': {
        if (state.status !== 'none') throw conflict('This modifier already exists');
        const { at, ...modifier } = command.data;
        assertAnswerable(modifier);
        return [{ type: 'ModifierCreated', data: { ...modifier, createdAt: at, updatedAt: at } }];
      }
      case 'UpdateModifier': {
        const { changes, currency, at } = command.data;
        const updated = { ...liveModifier(state, command.data.merchantId), ...changes, ...(currency === undefined ? {} : { currency }), updatedAt: at };
        assertAnswerable(updated);
        return [{ type: 'ModifierUpdated', data: updated }];
      }
      case 'DeleteModifier': {
        const { modifierId, merchantId, testMode } = liveModifier(state, command.data.merchantId);
        return [{ type: 'ModifierDeleted', data: { modifierId, merchantId, testMode, at: command.data.at } }];
      }
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'ModifierCreated':
      case 'ModifierUpdated':
        return { status: 'live', modifier: event.data };
      case 'ModifierDeleted':
        return { status: 'deleted' };
    }
  },
};

export const modifierStream = (modifierId: string) => `modifier-${modifierId}`;
