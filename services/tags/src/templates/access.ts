import type { Request } from 'express';
import { listOrSearch, modeNeed, notFound, parseInput, parseListQuery, type Collection, type FindOptions, type Page, type TenantAccess } from '@seatside/chassis';
import type { output, ZodType } from 'zod';
import type { TemplateDoc } from './projections';
import { templateMessages, type TemplateOwner } from './template';

/** The API sorts by `title` (natural order) or the times; newest change first by default. */
const sortFieldOf = (sort: string | undefined) => (sort === 'title' ? 'sortTitle' : (sort ?? 'updatedAt'));

/**
 * Who may touch a tenant's templates: as for its tags (tags/access.ts), any member in either mode,
 * an API key of the tenant in its own mode; another tenant's template is not found.
 */
export function templateRecords(access: TenantAccess, docs: () => Collection<TemplateDoc>) {
  const authorize = (req: Request, owner: TemplateOwner, testMode?: boolean) =>
    access.authorize(req, { collection: owner.collection, id: owner.tenantId, role: 'member', mode: modeNeed(testMode) });

  const authorizeMode = (req: Request, owner: TemplateOwner, explicit: boolean | undefined): Promise<boolean> =>
    access.authorizeMode(req, { collection: owner.collection, id: owner.tenantId, role: 'member' }, explicit);

  const parseNew = async <S extends ZodType<{ testMode?: boolean }>>(req: Request, owner: TemplateOwner, schema: S) => {
    await authorize(req, owner);
    const { testMode: explicit, ...fields } = parseInput(schema, req.body ?? {}) as output<S>;
    const testMode = await authorizeMode(req, owner, explicit);
    return { testMode, fields: fields as Omit<output<S>, 'testMode'> };
  };

  const existing = async (req: Request, owner: TemplateOwner, templateId: string): Promise<TemplateDoc> => {
    await authorize(req, owner);
    const doc = await docs().get(templateId);
    if (!doc || doc.collection !== owner.collection || doc.documentId !== owner.tenantId) throw notFound(templateMessages.notFound);
    await authorize(req, owner, doc.testMode);
    return doc;
  };

  const list = async (req: Request, owner: TemplateOwner): Promise<Page<TemplateDoc>> => {
    await authorize(req, owner);
    const { testMode: parsedMode, sort, ...query } = parseListQuery(req.query, {});
    const testMode = await authorizeMode(req, owner, req.query.testMode === undefined ? undefined : parsedMode);
    const order = query.order ?? (sort === undefined || sort === 'createdAt' || sort === 'updatedAt' ? 'desc' : 'asc');
    const options: FindOptions = { ...query, order, sort: sortFieldOf(sort), filter: { collection: owner.collection, documentId: owner.tenantId, testMode } };
    return listOrSearch((o) => docs().find(o), options);
  };

  return { authorize, parseNew, existing, list };
}

export type TemplateRecords = ReturnType<typeof templateRecords>;
