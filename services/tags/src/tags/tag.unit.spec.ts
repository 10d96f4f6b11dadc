import { spec } from '@seatside/chassis/src/testkit/decider';
import { tagDecider, type Tag, type TagCommand, type TagEvent, type TagMetadataField } from './tag';

const at = '2026-11-22T12:00:00.000Z';
const later = '2026-11-23T09:30:00.000Z';
const owner = { collection: 'merchants', tenantId: 'm1' } as const;
const metadataFields: TagMetadataField[] = [
  { key: 'Table', value: '12', visible: true },
  { key: 'Seat', value: '2C', visible: true },
  { key: 'Waiter', value: 'Ann', visible: false },
];
const newTag = { ...owner, tagId: 't1', code: 'abc234defg', testMode: false, name: 'Table 12 Seat 2C', metadataFields, at };
const tag: Tag = {
  ...owner, tagId: 't1', code: 'abc234defg', testMode: false, name: 'Table 12 Seat 2C', metadataFields,
  metadata: { Table: '12', Seat: '2C', Waiter: 'Ann' }, activated: false, nfc: false, createdAt: at, updatedAt: at,
};
const created: TagEvent = { type: 'TagCreated', data: tag };
const deleted: TagEvent = { type: 'TagDeleted', data: { ...owner, tagId: 't1', code: 'abc234defg', testMode: false, at } };

describe('tag decider', () => {
  it('given nothing, when a tag is created, then TagCreated with the whole snapshot, not activated', () => {
    spec(tagDecider).given([]).when({ type: 'CreateTag', data: newTag }).then([created]);
  });

  it('given nothing, when a serial is activated with nfc, then TagCreated activated as an NFC tag', () => {
    spec(tagDecider)
      .given([])
      .when({ type: 'ActivateTag', data: { ...newTag, code: '04:a2:3b', nfc: true } })
      .then([{ type: 'TagCreated', data: { ...tag, code: '04:a2:3b', activated: true, nfc: true } }]);
  });

  it('given a tag, when only the metadata changes, then TagUpdated keeps the name and recomputes the key → value map', () => {
    const changed = [{ key: 'Table', value: '14', visible: true }];
    spec(tagDecider)
      .given([created])
      .when({ type: 'UpdateTag', data: { ...owner, tagId: 't1', changes: { metadataFields: changed }, at: later } })
      .then([{ type: 'TagUpdated', data: { ...tag, metadataFields: changed, metadata: { Table: '14' }, updatedAt: later } }]);
  });

  it('given a tag, when deleted, then TagDeleted with its owner, code and mode', () => {
    spec(tagDecider).given([created]).when({ type: 'DeleteTag', data: { ...owner, tagId: 't1', at } }).then([deleted]);
  });

  it('given metadata with a repeated key, when created, then the map keeps the last value and the list keeps both', () => {
    const twice = [{ key: 'Seat', value: '2C', visible: true }, { key: 'Seat', value: '2D', visible: false }];
    spec(tagDecider)
      .given([])
      .when({ type: 'CreateTag', data: { ...newTag, metadataFields: twice } })
      .then([{ type: 'TagCreated', data: { ...tag, metadataFields: twice, metadata: { Seat: '2D' } } }]);
  });

  it.each<[string, TagEvent[], TagCommand]>([
    ['nothing, when updated', [], { type: 'UpdateTag', data: { ...owner, tagId: 't1', changes: {}, at } }],
    ['another merchant’s tag, when updated', [created], { type: 'UpdateTag', data: { collection: 'merchants', tenantId: 'm2', tagId: 't1', changes: {}, at } }],
    ['a venue’s id that equals the merchant’s, when deleted', [created], { type: 'DeleteTag', data: { collection: 'venues', tenantId: 'm1', tagId: 't1', at } }],
    ['a deleted tag, when deleted', [created, deleted], { type: 'DeleteTag', data: { ...owner, tagId: 't1', at } }],
  ])('given %s, then "Tag not found"', (_, given, command) => {
    spec(tagDecider).given(given).when(command).thenThrows('NotFound', 'Tag not found');
  });

  it('given a tag, when created again, then a conflict', () => {
    spec(tagDecider).given([created]).when({ type: 'CreateTag', data: newTag }).thenThrows('Conflict', 'This tag already exists');
  });

  it('given a tag, when its stream is activated again, then "This tag is already activated"', () => {
    spec(tagDecider).given([created]).when({ type: 'ActivateTag', data: { ...newTag, nfc: true } }).thenThrows('Conflict', 'This tag is already activated');
  });
});
