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
