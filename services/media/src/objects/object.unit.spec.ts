import { spec } from '@seatside/chassis/src/testkit/decider';
import type { ObjectEvent, ObjectStored, UploadAuthorized } from './events';
import { objectDecider, type ObjectCommand } from './object';

const at = '2026-11-22T12:00:00.000Z';
const key = 'merchants/m1/files/0b0c3c8e-8a4f-4c55-9a55-6c1e1f7a1d2e.png';
const stored: ObjectStored = {
  objectKey: 'merchants/m1/brand/banner-1.png', collection: 'merchants', tenantId: 'm1', folder: 'brand', brandKey: 'banner',
  url: 'http://x/v1/media/merchants/m1/brand/banner-1.png', size: 10, contentType: 'image/png', at, by: 'alice',
};
const authorized: UploadAuthorized = { objectKey: key, collection: 'merchants', tenantId: 'm1', contentType: 'image/png', expiresAt: '2026-11-22T12:10:00.000Z', by: 'alice' };
const authorizedEvent: ObjectEvent = { type: 'UploadAuthorized', data: authorized };
const upload = (change: Partial<{ objectKey: string; contentType: string; at: string }> = {}): ObjectCommand => ({
  type: 'StoreUpload',
  data: { objectKey: key, url: `http://x/v1/media/${key}`, size: 42, contentType: 'image/png', at: '2026-11-22T12:05:00.000Z', ...change },
});

describe('object decider', () => {
  it('given nothing, when an object is stored, then ObjectStored as given', () => {
    spec(objectDecider).given([]).when({ type: 'StoreObject', data: stored }).then([{ type: 'ObjectStored', data: stored }]);
  });

  it('given a stored object, when it is stored again, then a conflict', () => {
    spec(objectDecider).given([{ type: 'ObjectStored', data: stored }]).when({ type: 'StoreObject', data: stored }).thenThrows('Conflict');
  });

  it('given nothing, when an upload is authorized, then UploadAuthorized', () => {
    spec(objectDecider).given([]).when({ type: 'AuthorizeUpload', data: authorized }).then([authorizedEvent]);
  });

  it('given an authorized upload, when its bytes arrive in time, then ObjectStored under files/ by the authorizing user', () => {
    spec(objectDecider)
      .given([authorizedEvent])
      .when(upload())
      .then([{
        type: 'ObjectStored',
        data: { objectKey: key, collection: 'merchants', tenantId: 'm1', folder: 'files', url: `http://x/v1/media/${key}`, size: 42, contentType: 'image/png', at: '2026-11-22T12:05:00.000Z', by: 'alice' },
      }]);
  });

  it('given a used upload, when its bytes arrive again, then 409 "This upload link was already used."', () => {
    const [used] = objectDecider.decide(upload(), objectDecider.evolve(objectDecider.initialState(), authorizedEvent));
    spec(objectDecider).given([authorizedEvent, used!]).when(upload()).thenThrows('Conflict', 'This upload link was already used.');
  });

  it.each<[string, ObjectEvent[], ObjectCommand, string, string]>([
    ['nothing authorized', [], upload(), 'Forbidden', 'This upload link is not valid.'],
    ['another key', [authorizedEvent], upload({ objectKey: 'merchants/m1/files/other.png' }), 'Forbidden', 'This upload link is not valid.'],
    ['a late post', [authorizedEvent], upload({ at: '2026-11-22T12:10:00.001Z' }), 'Forbidden', 'This upload link has expired. Please upload the image again.'],
    ['another content type', [authorizedEvent], upload({ contentType: 'image/jpeg' }), 'ValidationFailed', 'Please upload a PNG or JPEG image'],
  ])('given %s, when bytes arrive, then %s', (_, given, command, kind, message) => {
    spec(objectDecider).given(given).when(command).thenThrows(kind as 'Forbidden', message);
  });
});
