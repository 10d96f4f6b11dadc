import type { Request, Response } from 'express';
import { z, type ZodType } from 'zod';
import { defaultCheckoutOptions, isHttpUrl } from '@seatside/rules';
import { settingsMessages } from './tenants/settings';
import {
  coalescedReads, handleCommand, ifMatchVersion, listOrSearch, metadataFrom, modeOf, roundToMinor, tenantRecords, toMajor as majorOf,
  type Collection, type Decider, type Doc, type EventStore, type FindOptions, type InlineProjection, type Page, type ReadModelStore, type RecordOwner, type TenantAccess,
} from '@seatside/chassis';
import { pageCache, pageOf, sendPage } from './storefront/pages';
import { storefrontVersions, versionKey, type StorefrontVersionDoc } from './storefront/versions';
import { tenants, type TenantDoc } from './tenants/projections';

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

/**
 * One image address of a product, a service or a menu's branding: an absolute http(s) URL (an
 * upload's URL is one), never `javascript:`, `data:`, a bare file name or another scheme, which the
 * storefront would show as a broken picture. Said as every URL field of the catalog says it.
 */
export const imageUrl = z.string().trim().min(1).max(2048).refine(isHttpUrl, settingsMessages.invalidUrl);

/** A parsed `price` (already minor units) as the event's `priceMinor`; absent stays absent. */
export const withPriceMinor = <T extends { price?: number }>({ price: priceMinor, ...rest }: T) =>
  ({ ...rest, ...(priceMinor === undefined ? {} : { priceMinor }) }) as Omit<T, 'price'> & { priceMinor: T['price'] };

/**
 * The currency a product's, modifier's or coupon's money is in: its merchant's (checkoutOptions,
 * USD until set). Their Created and Updated events carry it as it was when written, for the published
 * messages' `currency` (catalog/v1 Product, Modifier, Coupon; a webhook's `product.created`); events
 * written before 2026-11-30 have none. The records' API answers do not show it (the merchant's
 * settings do).
 */
export type Denominated = { currency?: string };

export async function merchantCurrency(readModels: ReadModelStore, merchantId: string): Promise<string> {
  const merchant = await readModels.collection<TenantDoc>(tenants).get(merchantId);
  return (merchant?.checkoutOptions ?? defaultCheckoutOptions()).currency;
}

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

/**
 * Access to one entity's records of a merchant, by the chassis' one rule for a tenant's records
 * (tenantRecords): any member, or an API key of that merchant in its own mode. The routers name
 * the merchant by its id.
 */
export function merchantRecords<D extends MerchantRecord>(access: TenantAccess, docs: () => Collection<D>, notFoundMessage: string) {
  const records = tenantRecords(access, { docs, owns: (doc, owner) => doc.merchantId === owner.tenantId, notFound: { message: notFoundMessage } });
  const merchant = (merchantId: string): RecordOwner => ({ collection: 'merchants', tenantId: merchantId });

  const authorize = (req: Request, merchantId: string, testMode?: boolean) => records.authorize(req, merchant(merchantId), testMode);
  const authorizeMode = (req: Request, merchantId: string, explicit: boolean | undefined) => records.authorizeMode(req, merchant(merchantId), explicit);
  const parseNew = <S extends ZodType<{ testMode?: boolean }>>(req: Request, merchantId: string, schema: S) => records.parseNew(req, merchant(merchantId), schema);
  const existing = (req: Request, merchantId: string, id: string): Promise<D> => records.existing(req, merchant(merchantId), id);

  /** `GET …/{entity}`'s query, once the caller may read the mode it asks for (or the caller's default). */
  const listOptions = async (req: Request, merchantId: string, defaults: Pick<FindOptions, 'sort' | 'order'>): Promise<ListOptions> => {
    const { testMode, ...query } = await records.listQuery(req, merchant(merchantId), defaults);
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
