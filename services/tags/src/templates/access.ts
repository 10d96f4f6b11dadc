import type { Request } from 'express';
import { listOrSearch, tenantRecords, type Collection, type FindOptions, type Page, type TenantAccess } from '@seatside/chassis';
import type { TemplateDoc } from './projections';
import { templateMessages, type TemplateOwner } from './template';

/** The API sorts by `title` (natural order) or the times; newest change first by default. */
const sortFieldOf = (sort: string | undefined) => (sort === 'title' ? 'sortTitle' : (sort ?? 'updatedAt'));

/**
 * Who may touch a tenant's templates: the chassis' one rule for a tenant's records (tenantRecords),
 * as for its tags; another tenant's template is not found.
 */
export function templateRecords(access: TenantAccess, docs: () => Collection<TemplateDoc>) {
  const records = tenantRecords(access, {
    docs,
    owns: (doc, owner) => doc.collection === owner.collection && doc.documentId === owner.tenantId,
    notFound: { message: templateMessages.notFound },
  });

  const list = async (req: Request, owner: TemplateOwner): Promise<Page<TemplateDoc>> => {
    const { testMode, sort, ...query } = await records.listQuery(req, owner);
    const order = query.order ?? (sort === undefined || sort === 'createdAt' || sort === 'updatedAt' ? 'desc' : 'asc');
    const options: FindOptions = { ...query, order, sort: sortFieldOf(sort), filter: { collection: owner.collection, documentId: owner.tenantId, testMode } };
    return listOrSearch((o) => docs().find(o), options);
  };

  return { ...records, list };
}

export type TemplateRecords = ReturnType<typeof templateRecords>;
