import { spec } from '@seatside/chassis/src/testkit/decider';
import { modifierDecider, selectionsOf, type Modifier, type ModifierCommand, type ModifierEvent, type ModifierFields, type ModifierRules } from './modifier';

const at = '2026-11-22T12:00:00.000Z';
const later = '2026-11-23T09:30:00.000Z';
const noRules: ModifierRules = { required: false, allowedMultiple: false, selectRestriction: 0, requireSelectRestriction: false, enableOptionQuantity: false };
const option = (id: string) => ({ id, label: id, additionalCostMinor: 50, additionalCalories: 10, preSelected: false });
const fields: ModifierFields = { title: 'Toppings', instructions: 'Pick some', description: '', options: [option('o1'), option('o2'), option('o3')], rules: noRules };
const modifier: Modifier = { ...fields, modifierId: 'x1', merchantId: 'm1', testMode: false, createdAt: at, updatedAt: at };
const created: ModifierEvent = { type: 'ModifierCreated', data: modifier };

describe('modifier decider', () => {
  it('given nothing, when a modifier is created, then ModifierCreated with the whole record', () => {
    spec(modifierDecider).given([]).when({ type: 'CreateModifier', data: { ...fields, modifierId: 'x1', merchantId: 'm1', testMode: false, at } }).then([created]);
  });

  it('given a modifier, when its rules change, then ModifierUpdated with the whole record', () => {
    const rules = { ...noRules, required: true };
    spec(modifierDecider)
      .given([created])
      .when({ type: 'UpdateModifier', data: { modifierId: 'x1', merchantId: 'm1', changes: { rules }, at: later } })
      .then([{ type: 'ModifierUpdated', data: { ...modifier, rules, updatedAt: later } }]);
  });

  it('given a modifier, when deleted, then ModifierDeleted; deleting again is not found', () => {
    const deleted: ModifierEvent = { type: 'ModifierDeleted', data: { modifierId: 'x1', merchantId: 'm1', testMode: false, at: later } };
    const command: ModifierCommand = { type: 'DeleteModifier', data: { modifierId: 'x1', merchantId: 'm1', at: later } };
    spec(modifierDecider).given([created]).when(command).then([deleted]);
    spec(modifierDecider).given([created, deleted]).when(command).thenThrows('NotFound', 'Modifier not found');
  });

  it('given another merchant’s modifier, when updated, then "Modifier not found"', () => {
    spec(modifierDecider)
      .given([created])
      .when({ type: 'UpdateModifier', data: { modifierId: 'x1', merchantId: 'm2', changes: {}, at } })
      .thenThrows('NotFound', 'Modifier not found');
  });
});

describe('a modifier a diner can always answer', () => {
  const create = (over: Partial<ModifierFields>): ModifierCommand => ({ type: 'CreateModifier', data: { ...fields, ...over, modifierId: 'x1', merchantId: 'm1', testMode: false, at } });
  const needsOption = 'A required modifier needs at least one option';
  const tooMany = 'The selection limit cannot be more than the number of options';

  it.each<[string, Partial<ModifierFields>, Record<string, string>]>([
    ['required with no options', { options: [], rules: { ...noRules, required: true } }, { options: needsOption }],
    ['several required with no options', { options: [], rules: { ...noRules, allowedMultiple: true, required: true } }, { options: needsOption }],
    ['exactly 4 of 3 options', { rules: { ...noRules, allowedMultiple: true, selectRestriction: 4, requireSelectRestriction: true } }, { 'rules.selectRestriction': tooMany }],
  ])('given nothing, when a modifier %s is created, then it is refused on that field (every product with it could never be ordered)', (_name, over, errors) => {
    spec(modifierDecider).given([]).when(create(over)).thenThrows('ValidationFailed', Object.values(errors)[0], errors);
  });

  it('given a required modifier with options, when its options are all removed, then it is refused; removing Required with them is taken', () => {
    const required = { ...modifier, rules: { ...noRules, required: true } };
    const given = spec(modifierDecider).given([{ type: 'ModifierCreated', data: required }]);
    given.when({ type: 'UpdateModifier', data: { modifierId: 'x1', merchantId: 'm1', changes: { options: [] }, at: later } }).thenThrows('ValidationFailed', needsOption, { options: needsOption });
    given
      .when({ type: 'UpdateModifier', data: { modifierId: 'x1', merchantId: 'm1', changes: { options: [], rules: noRules }, at: later } })
      .then([{ type: 'ModifierUpdated', data: { ...required, options: [], rules: noRules, updatedAt: later } }]);
  });

  it.each<[string, Partial<ModifierFields>]>([
    ['optional with no options', { options: [] }],
    ['up to 4 of 3 options', { rules: { ...noRules, allowedMultiple: true, selectRestriction: 4 } }],
    ['exactly 3 of 3 options', { rules: { ...noRules, allowedMultiple: true, selectRestriction: 3, requireSelectRestriction: true } }],
  ])('given nothing, when a modifier %s is created, then it is taken', (_name, over) => {
    spec(modifierDecider).given([]).when(create(over)).then([{ type: 'ModifierCreated', data: { ...modifier, ...over } }]);
  });
});

describe('selections shown in the list', () => {
  it.each<[Partial<ModifierRules>, number, number]>([
    [{}, 0, 1],
    [{ required: true }, 1, 1],
    [{ allowedMultiple: true }, 0, 3],
    [{ allowedMultiple: true, selectRestriction: 2 }, 0, 2],
    [{ allowedMultiple: true, selectRestriction: 2, required: true }, 1, 2],
    [{ allowedMultiple: true, selectRestriction: 2, requireSelectRestriction: true }, 2, 2],
    [{ selectRestriction: 2, requireSelectRestriction: true }, 0, 1],
  ])('given rules %p over 3 options, then min %p and max %p', (rules, min, max) => {
    expect(selectionsOf({ options: fields.options, rules: { ...noRules, ...rules } })).toEqual({ minSelections: min, maxSelections: max });
  });
});
