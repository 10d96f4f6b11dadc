import { RecordPage, formatDateTime, type RecordKind } from '@seatside/ui/src/lists';
import { modifiersApi, modifiersPage, type Modifier, type ModifierInput } from './api';
import { ModifierForm, modifierFields, toFormValues, toModifierInput, type ModifierFormValues } from './ModifierForm';
import { modifierMessages } from './messages';

/** A modifier as a record page sees it (seed 001 §2–§5). */
export const modifierRecord: RecordKind<Modifier, ModifierFormValues, ModifierInput> = {
  messages: modifierMessages,
  page: modifiersPage,
  load: modifiersApi.get,
  create: modifiersApi.create,
  update: modifiersApi.update,
  remove: modifiersApi.remove,
  fields: modifierFields,
  toFormValues,
  toInput: toModifierInput,
  Fields: ModifierForm,
  name: (modifier) => modifier.title,
  meta: (modifier) => <p data-testid="modifier-meta">Created {formatDateTime(modifier.createdAt)}</p>,
};

/** /modifiers/new and /modifiers/{modifierId}. */
export default function ModifierPage() {
  return <RecordPage kind={modifierRecord} />;
}
