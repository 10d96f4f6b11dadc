import { api } from '@seatside/ui';
import { ifMatch } from '@seatside/ui/src/lists';

/** One choice of a modifier; `additionalCost` in major units. A new option has no id until saved. */
export interface ModifierOption {
  id?: string;
  label: string;
  additionalCost: number;
  additionalCalories: number;
  preSelected: boolean;
}

/** How options may be chosen; `selectRestriction` 0 means no limit. */
export interface ModifierRules {
  required: boolean;
  allowedMultiple: boolean;
  selectRestriction: number;
  requireSelectRestriction: boolean;
  enableOptionQuantity: boolean;
}

/** A modifier (seed 001 §3); the server derives minSelections/maxSelections from the rules. */
export interface Modifier {
  id: string;
  title: string;
  instructions: string;
  description: string;
  options: ModifierOption[];
  rules: ModifierRules;
  minSelections: number;
  maxSelections: number;
  testMode: boolean;
  createdAt: string;
  updatedAt: string;
}

export type ModifierInput = Pick<Modifier, 'title' | 'instructions' | 'description' | 'options' | 'rules' | 'testMode'>;

export const defaultRules: ModifierRules = { required: false, allowedMultiple: false, selectRestriction: 0, requireSelectRestriction: false, enableOptionQuantity: false };

interface Answer {
  id: string;
  message: string;
}

export const modifiersPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/modifiers`;
export const modifierPath = (merchantId: string, id: string) => `${modifiersPath(merchantId)}/${encodeURIComponent(id)}`;

/** Where the screens live: /dashboard/merchants/{merchantId}/modifiers(/new, /{modifierId}). */
export const modifiersPage = (merchantId: string, rest = '') => `/dashboard${modifiersPath(merchantId)}${rest ? `/${rest}` : ''}`;

export const modifiersApi = {
  get: (merchantId: string, id: string, signal?: AbortSignal) => api.get<Modifier>(modifierPath(merchantId, id), { signal }),
  create: (merchantId: string, modifier: ModifierInput) => api.post<Answer>(modifiersPath(merchantId), modifier),
  update: (merchantId: string, id: string, modifier: Partial<ModifierInput>, version?: number) => api.post<Answer>(modifierPath(merchantId, id), modifier, ifMatch(version)),
  remove: (merchantId: string, id: string) => api.delete<Answer>(modifierPath(merchantId, id)),
};
