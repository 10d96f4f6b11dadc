import type { Request, Response } from 'express';
import type { output, ZodType } from 'zod';
import {
  coalescedReads, handleCommand, ifMatchVersion, listOrSearch, metadataFrom, modeNeed, modeOf, notFound, parseInput, parseListQuery, roundToMinor, toMajor as majorOf,
  type Collection, type Decider, type Doc, type EventStore, type FindOptions, type InlineProjection, type Page, type ReadModelStore, type TenantAccess,
} from '@seatside/chassis';
import { pageCache, pageOf, sendPage } from './storefront/pages';
import { storefrontVersions, versionKey, type StorefrontVersionDoc } from './storefront/versions';

/**
 * What the six merchant entity routers (coupons, customers, modifiers, products, menus, services)
 * share: who may act in which mode, reading one record, the list-or-search answer, running a
 * command, and money units. Each router keeps only its schemas, defaults and commands.
 */

/**
 * Money is integer minor units in events; the API speaks major units (docs/catalog-api.md). Inputs
 * are parsed by the chassis' `moneyInput` (exact, or refused); `toMinor` is only for major amounts
 * the service already holds (a read model's price, a test-data plan): rounded, never NaN.
 */
export const toMinor = roundToMinor;
export const toMajor = majorOf;

/** A parsed `price` (already minor units) as the event's `priceMinor`; absent stays absent. */
export const withPriceMinor = <T extends { price?: number }>({ price: priceMinor, ...rest }: T) =>
  ({ ...rest, ...(priceMinor === undefined ? {} : { priceMinor }) }) as Omit<T, 'price'> & { priceMinor: T['price'] };

/** A partial update names only the fields sent: an absent field must not overwrite the record's. */
export function withoutUndefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The one way an entity command runs over HTTP: tagged with the merchant, projected inline, `If-Match` honoured. */
export function commandRunner<Command extends { data: { merchantId: string } }, Event extends { type: string; data: unknown }, State>(
  eventStore: EventStore,
  decider: Decider<Command, Event, State>,
  project: InlineProjection,
) {
  return (req: Request, streamId: string, command: Command) =>
    handleCommand(eventStore, streamId, decider, command, {
      metadata: metadataFrom(req, { tenantId: command.data.merchantId }),
      inline: [project],
      expectedVersion: ifMatchVersion(req),
    });
}

type MerchantRecord = Doc & { merchantId: string; testMode: boolean };

/** A list's query over one merchant's records in one mode. */
export type ListOptions = FindOptions & { filter: { merchantId: string; testMode: boolean } };

/** Access to one entity's records of a merchant: any member, or an API key of that merchant in its own mode. */
export function merchantRecords<D extends MerchantRecord>(access: TenantAccess, docs: () => Collection<D>, notFoundMessage: string) {
  /** Membership; with a mode, also that mode (a user passes any mode, a key only its own). */
  const authorize = (req: Request, merchantId: string, testMode?: boolean) =>
    access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: modeNeed(testMode) });

  /** The mode a request works in (`explicit`, else the caller's default), once the caller may work in it (the chassis' wrapper). */
  const authorizeMode = (req: Request, merchantId: string, explicit: boolean | undefined): Promise<boolean> =>
    access.authorizeMode(req, { collection: 'merchants', id: merchantId, role: 'member' }, explicit);

  /** A create's body: membership first, then the fields, then the mode they ask for (or the caller's default). */
  const parseNew = async <S extends ZodType<{ testMode?: boolean }>>(req: Request, merchantId: string, schema: S) => {
    await authorize(req, merchantId);
    const { testMode: explicit, ...fields } = parseInput(schema, req.body ?? {}) as output<S>;
    const testMode = await authorizeMode(req, merchantId, explicit);
    return { testMode, fields: fields as Omit<output<S>, 'testMode'> };
  };

  /** This merchant's record, after the caller may see its mode; another merchant's is not found. */
  const existing = async (req: Request, merchantId: string, id: string): Promise<D> => {
    await authorize(req, merchantId);
    const doc = await docs().get(id);
    if (!doc || doc.merchantId !== merchantId) throw notFound(notFoundMessage);
    await authorize(req, merchantId, doc.testMode);
    return doc;
  };

  /** `GET …/{entity}`'s query, once the caller may read the mode it asks for (or the caller's default). */
  const listOptions = async (req: Request, merchantId: string, defaults: Pick<FindOptions, 'sort' | 'order'>): Promise<ListOptions> => {
    await authorize(req, merchantId);
    const { testMode: parsedMode, ...query } = parseListQuery(req.query, defaults);
    const testMode = await authorizeMode(req, merchantId, req.query.testMode === undefined ? undefined : parsedMode);
    return { ...query, filter: { merchantId, testMode } };
  };

  /** `GET …/{entity}`: one mode's records, a page or a search (docs/catalog-api.md "Lists"). */
  const list = async (req: Request, merchantId: string, defaults: Pick<FindOptions, 'sort' | 'order'>): Promise<Page<D>> =>
    listOrSearch((options) => docs().find(options), await listOptions(req, merchantId, defaults));

  return { authorize, authorizeMode, parseNew, existing, listOptions, list };
}

/**
 * `GET …/{entity}` answers of an entity whose every write moves its merchant's storefront version
 * (products, menus, modifiers: their projections `touchStorefront` in the writing transaction), kept
 * prebuilt per (entity, merchant, mode, query) like the storefront's pages (storefront/read.ts): the
 * caller is authorized on every request (`listOptions`), then one version read (shared by the
 * requests waiting at that moment, each read sent after they arrived); while the version holds, the
 * serialized bytes (and their gzip, Brotli and ETag) are sent as they are, else the page is built
 * again, the version read *before* the data so a page is never labelled newer than what it holds.
 */
export function listCache(readModels: ReadModelStore, entity: string) {
  const pages = pageCache();
  const versionOf = coalescedReads(async (key) => (await readModels.collection<StorefrontVersionDoc>(storefrontVersions).get(key))?.version ?? '');
  return async (req: Request, res: Response, options: ListOptions, read: () => Promise<unknown>) => {
    const { merchantId, testMode } = options.filter;
    const version = await versionOf(versionKey(merchantId, modeOf(testMode)));
    const key = JSON.stringify([entity, merchantId, testMode, options.sort ?? null, options.order ?? null, options.limit ?? null, options.cursor ?? null, options.q ?? null]);
    const page = await pages.at(key, version, async () => pageOf(version, await read()));
    sendPage(req, res, page);
  };
}
