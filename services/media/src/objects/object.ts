import { conflict, forbidden, validationFailed, type Decider } from '@seatside/chassis';
import { mediaMessages as m } from '../messages';
import type { ObjectEvent, ObjectStored, UploadAuthorized } from './events';

export type ObjectCommand =
  | { type: 'StoreObject'; data: ObjectStored }
  | { type: 'AuthorizeUpload'; data: UploadAuthorized }
  /** Step two: what the form post brought; who and where come from the authorization. */
  | { type: 'StoreUpload'; data: { objectKey: string; url: string; size: number; contentType: string; at: string } };

export type ObjectState =
  | { status: 'none' }
  | { status: 'authorized'; upload: UploadAuthorized }
  | { status: 'stored'; object: ObjectStored };

/** The folder of a two-step upload's key (`merchants/m1/files/….png`). */
const filesFolder = 'files' as const;

function storeUpload(state: ObjectState, data: Extract<ObjectCommand, { type: 'StoreUpload' }>['data']): ObjectEvent[] {
  if (state.status === 'stored') throw conflict(m.uploadLinkUsed);
  if (state.status !== 'authorized' || state.upload.objectKey !== data.objectKey) throw forbidden(m.uploadLinkInvalid);
  const { upload } = state;
  if (data.at > upload.expiresAt) throw forbidden(m.uploadLinkExpired);
  if (data.contentType !== upload.contentType) throw validationFailed(m.notAnImage, { file: m.notAnImage });
  const stored: ObjectStored = {
    objectKey: upload.objectKey, collection: upload.collection, tenantId: upload.tenantId, folder: filesFolder,
    url: data.url, size: data.size, contentType: data.contentType, at: data.at, by: upload.by,
  };
  return [{ type: 'ObjectStored', data: stored }];
}

/** One object's life: stored once, or authorized for a two-step upload and then stored once. */
export const objectDecider: Decider<ObjectCommand, ObjectEvent, ObjectState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'StoreObject':
        if (state.status !== 'none') throw conflict('This object already exists');
        return [{ type: 'ObjectStored', data: command.data }];
      case 'AuthorizeUpload':
        if (state.status !== 'none') throw conflict('This object already exists');
        return [{ type: 'UploadAuthorized', data: command.data }];
      case 'StoreUpload':
        return storeUpload(state, command.data);
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'UploadAuthorized':
        return { status: 'authorized', upload: event.data };
      case 'ObjectStored':
        return { status: 'stored', object: event.data };
    }
  },
};
