import type { Request } from 'express';
import type { output, ZodType } from 'zod';
import {
  listOrSearch, modeNeed, notFound, validationFailed, parseInput, parseListQuery,
  type Collection, type FindOptions, type Page, type TenantAccess,
} from '@seatside/chassis';
import { tagMessages, type TagOwner } from './tag';
import type { TagDoc } from './projections';

/** The API sorts by `name`; the read model by the name's natural sort key. */
const sortFieldOf = (sort: string | undefined) => (sort === undefined || sort === 'name' ? 'sortName' : sort);

/**
 * Who may touch a tenant's tags: any member of the tenant (a user, in either mode) or an API key of
 * that tenant in its own mode. Membership is checked before anything is read or parsed.
 */
export function tagRecords(access: TenantAccess, docs: () => Collection<TagDoc>) {
  /** Membership; with a mode, also that mode (a user passes any mode, a key only its own). */
  const authorize = (req: Request, owner: TagOwner, testMode?: boolean) =>
    access.authorize(req, { collection: owner.collection, id: owner.tenantId, role: 'member', mode: modeNeed(testMode) });

  /** The mode a request works in (`explicit`, else the caller's default), once the caller may work in it (the chassis' wrapper). */
  const authorizeMode = (req: Request, owner: TagOwner, explicit: boolean | undefined): Promise<boolean> =>
    access.authorizeMode(req, { collection: owner.collection, id: owner.tenantId, role: 'member' }, explicit);

  /** A create's body: membership first, then the fields, then the mode they ask for. */
  const parseNew = async <S extends ZodType<{ testMode?: boolean }>>(req: Request, owner: TagOwner, schema: S) => {
    await authorize(req, owner);
    const { testMode: explicit, ...fields } = parseInput(schema, req.body ?? {}) as output<S>;
    const testMode = await authorizeMode(req, owner, explicit);
    return { testMode, fields: fields as Omit<output<S>, 'testMode'> };
  };

  /** This tenant's tag, once the caller may see its mode; another tenant's tag is not found. */
  const existing = async (req: Request, owner: TagOwner, tagId: string): Promise<TagDoc> => {
    await authorize(req, owner);
    const doc = await docs().get(tagId);
    if (!doc || doc.collection !== owner.collection || doc.tenantId !== owner.tenantId) throw notFound(tagMessages.notFound, 'tag_not_found');
    await authorize(req, owner, doc.testMode);
    return doc;
  };

  /** `GET …/tags`: one mode's tags, a page or (with `q`) at most 25 matches, by name in natural order. */
  const list = async (req: Request, owner: TagOwner): Promise<Page<TagDoc>> => {
    await authorize(req, owner);
    const { testMode: parsedMode, sort, ...query } = parseListQuery(req.query, { order: 'asc' });
    const testMode = await authorizeMode(req, owner, req.query.testMode === undefined ? undefined : parsedMode);
    const options: FindOptions = { ...query, sort: sortFieldOf(sort), filter: { collection: owner.collection, tenantId: owner.tenantId, testMode } };
    return listOrSearch((o) => docs().find(o), options);
  };

  /** The mode a read works in (`?testMode=`, else the caller's default), once the caller may work in it. */
  const currentMode = async (req: Request, owner: TagOwner): Promise<boolean> => {
    await authorize(req, owner);
    const explicit = req.query.testMode;
    if (explicit !== undefined && explicit !== 'true' && explicit !== 'false') throw validationFailed(tagMessages.modeInvalid, { testMode: tagMessages.modeInvalid });
    return authorizeMode(req, owner, explicit === undefined ? undefined : explicit === 'true');
  };

  return { authorize, parseNew, existing, list, currentMode };
}

export type TagRecords = ReturnType<typeof tagRecords>;
