import type { Request } from 'express';
import type { output, ZodType } from 'zod';
import type { ErrorCode } from '@seatside/rules';
import { modeNeed, type TenantCollection } from './auth/tenant';
import { notFound } from './errors';
import { parseListQuery, type ListQuery } from './http/list';
import { parseInput } from './http/validate';
import type { Collection, Doc, FindOptions } from './readmodels/types';
import type { TenantAccess } from './tenancy';

/** The tenant a record belongs to (a merchant's product, a venue's tag). */
export type RecordOwner = { collection: TenantCollection; tenantId: string };

export interface TenantRecordsOptions<D extends Doc> {
  /** Where the records are read. */
  docs: () => Collection<D>;
  /** Whether a record is this tenant's: another tenant's record is not found, never forbidden. */
  owns: (doc: D, owner: RecordOwner) => boolean;
  /** The 404 for a record that is not the tenant's (its message, and its code when not `not_found`). */
  notFound: { message: string; code?: ErrorCode };
}

/**
 * Who may touch a tenant's records, the one rule (the catalog's entities, tags, templates): any
 * member of the tenant, in either mode, or an API key of that tenant in its own mode. Membership is
 * checked before anything is read or parsed; a record's own mode after it is read.
 */
export function tenantRecords<D extends Doc & { testMode: boolean }>(access: TenantAccess, options: TenantRecordsOptions<D>) {
  /** Membership; with a mode, also that mode (a user passes any mode, a key only its own). */
  const authorize = (req: Request, owner: RecordOwner, testMode?: boolean) =>
    access.authorize(req, { collection: owner.collection, id: owner.tenantId, role: 'member', mode: modeNeed(testMode) });

  /** The mode a request works in (`explicit`, else the caller's default), once the caller may work in it (the chassis' wrapper). */
  const authorizeMode = (req: Request, owner: RecordOwner, explicit: boolean | undefined): Promise<boolean> =>
    access.authorizeMode(req, { collection: owner.collection, id: owner.tenantId, role: 'member' }, explicit);

  /** A create's body: membership first, then the fields, then the mode they ask for (or the caller's default). */
  const parseNew = async <S extends ZodType<{ testMode?: boolean }>>(req: Request, owner: RecordOwner, schema: S) => {
    await authorize(req, owner);
    const { testMode: explicit, ...fields } = parseInput(schema, req.body ?? {}) as output<S>;
    const testMode = await authorizeMode(req, owner, explicit);
    return { testMode, fields: fields as Omit<output<S>, 'testMode'> };
  };

  /** This tenant's record, once the caller may see its mode; another tenant's (or none) is the 404. */
  const existing = async (req: Request, owner: RecordOwner, id: string): Promise<D> => {
    await authorize(req, owner);
    const doc = await options.docs().get(id);
    if (!doc || !options.owns(doc, owner)) throw notFound(options.notFound.message, options.notFound.code);
    await authorize(req, owner, doc.testMode);
    return doc;
  };

  /** A list's query (`limit`, `cursor`, `sort`, `order`, `q`) and the mode it reads, once the caller may read that mode. */
  const listQuery = async (req: Request, owner: RecordOwner, defaults: Pick<FindOptions, 'sort' | 'order'> = {}): Promise<ListQuery> => {
    await authorize(req, owner);
    const { testMode: parsedMode, ...query } = parseListQuery(req.query, defaults);
    const testMode = await authorizeMode(req, owner, req.query.testMode === undefined ? undefined : parsedMode);
    return { ...query, testMode };
  };

  return { authorize, authorizeMode, parseNew, existing, listQuery };
}

export type TenantRecords<D extends Doc & { testMode: boolean }> = ReturnType<typeof tenantRecords<D>>;
