import type { Request } from 'express';
import { listOrSearch, tenantRecords, validationFailed, type Collection, type FindOptions, type Page, type TenantAccess } from '@seatside/chassis';
import { tagMessages, type TagOwner } from './tag';
import type { TagDoc } from './projections';

/** The API sorts by `name`; the read model by the name's natural sort key. */
const sortFieldOf = (sort: string | undefined) => (sort === undefined || sort === 'name' ? 'sortName' : sort);

/**
 * Who may touch a tenant's tags: the chassis' one rule for a tenant's records (tenantRecords): any
 * member, in either mode, or an API key of that tenant in its own mode; another tenant's tag is not found.
 */
export function tagRecords(access: TenantAccess, docs: () => Collection<TagDoc>) {
  const records = tenantRecords(access, {
    docs,
    owns: (doc, owner) => doc.collection === owner.collection && doc.tenantId === owner.tenantId,
    notFound: { message: tagMessages.notFound, code: 'tag_not_found' },
  });

  /** `GET …/tags`: one mode's tags, a page or (with `q`) at most 25 matches, by name in natural order. */
  const list = async (req: Request, owner: TagOwner): Promise<Page<TagDoc>> => {
    const { testMode, sort, ...query } = await records.listQuery(req, owner, { order: 'asc' });
    const options: FindOptions = { ...query, sort: sortFieldOf(sort), filter: { collection: owner.collection, tenantId: owner.tenantId, testMode } };
    return listOrSearch((o) => docs().find(o), options);
  };

  /** The mode a read works in (`?testMode=`, else the caller's default), once the caller may work in it. */
  const currentMode = async (req: Request, owner: TagOwner): Promise<boolean> => {
    await records.authorize(req, owner);
    const explicit = req.query.testMode;
    if (explicit !== undefined && explicit !== 'true' && explicit !== 'false') throw validationFailed(tagMessages.modeInvalid, { testMode: tagMessages.modeInvalid });
    return records.authorizeMode(req, owner, explicit === undefined ? undefined : explicit === 'true');
  };

  return { ...records, list, currentMode };
}

export type TagRecords = ReturnType<typeof tagRecords>;
