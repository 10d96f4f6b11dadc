import { coalescedReads, MAX_PAGE_SIZE, type Collection, type Doc, type ServiceDeps } from '@seatside/chassis';
import { menus as menuSpec, type MenuDoc } from '../menus/projections';
import { modifiers as modifierSpec, type ModifierDoc } from '../modifiers/projections';
import { pages as pageSpec, type PageDoc } from '../page/projections';
import { productOf, products as productSpec, type ProductDoc } from '../products/projections';
import { normalizeHandle } from '../tenants/handle';
import { handleClaims, tenants, type TenantDoc } from '../tenants/projections';
import { storefrontOf, venueOf } from './document';
import { pageCache, pageOf, type Page } from './pages';
import { storefrontVersions, versionKey, type Mode, type StorefrontVersionDoc } from './versions';
import { linkedMerchants, type VenueDoc } from '../venues/projections';

/** Every record of one merchant and mode, in the list's order (menus by title). */
export async function all<D extends Doc>(docs: Collection<D>, merchantId: string, testMode: boolean, sort: string): Promise<D[]> {
  const found: D[] = [];
  let cursor: string | undefined;
  do {
    const page = await docs.find({ filter: { merchantId, testMode }, sort, order: 'asc', limit: MAX_PAGE_SIZE, cursor });
    found.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return found;
}

/** `handle` when found by handle: a page of a tenant that holds another handle now does not answer it. */
type Owner = { collection: string; id: string; handle?: string };

/**
 * Storefront reads: handle or id → tenant (kept in process: a handle's owner only changes through a
 * tenant event, which moves the version, and a page that no longer exists forgets it), then one
 * version read (coalesced); the prebuilt page while the version holds, a rebuild otherwise.
 */
export function storefrontReader(deps: Pick<ServiceDeps, 'readModels' | 'pool' | 'schema'>) {
  const { readModels } = deps;
  const owners = new Map<string, Owner>();
  const pages = pageCache();
  // The one read most requests make: shared by the requests that wait at the same moment.
  const versionOf = coalescedReads(async (key) => (await readModels.collection<StorefrontVersionDoc>(storefrontVersions).get(key))?.version ?? '');

  /**
   * A tenant id first (a tag names its merchant by id; ids are public and a handle that spells
   * another tenant's id must not hijack it), then a handle.
   */
  const ownerOf = async (handleOrId: string): Promise<Owner | undefined> => {
    const known = owners.get(handleOrId);
    if (known) return known;
    const byId = await readModels.collection<TenantDoc>(tenants).get(handleOrId);
    const handle = byId ? undefined : normalizeHandle(handleOrId);
    const claim = handle === undefined ? undefined : await handleClaims(deps.schema).ownerOf(deps.pool, handle);
    const [collection = '', id = ''] = byId ? [byId.collection, byId.id] : (claim?.split('/') ?? []);
    if (!id) return undefined;
    if (owners.size >= 10_000) owners.clear();
    const owner = { collection, id, ...(handle === undefined ? {} : { handle }) };
    owners.set(handleOrId, owner);
    return owner;
  };

  const build = async (owner: Owner, mode: Mode, version: string): Promise<Page | undefined> => {
    const merchant = await readModels.collection<TenantDoc>(tenants).get(owner.id);
    if (!merchant || merchant.collection !== owner.collection) return undefined;
    if (merchant.collection === 'venues') return pageOf(version, venueOf(merchant, await linkedMerchants(deps, merchant as VenueDoc)), merchant.handle);
    if (merchant.collection !== 'merchants') return undefined;
    const testMode = mode === 'sandbox';
    const [menus, products, modifiers, page] = await Promise.all([
      all(readModels.collection<MenuDoc>(menuSpec), owner.id, testMode, 'title'),
      all(readModels.collection<ProductDoc>(productSpec), owner.id, testMode, 'code'),
      all(readModels.collection<ModifierDoc>(modifierSpec), owner.id, testMode, 'title'),
      readModels.collection<PageDoc>(pageSpec).get(owner.id),
    ]);
    return pageOf(version, storefrontOf({ merchant, menus, products: products.map(productOf), modifiers, page: page?.published ?? null }), merchant.handle);
  };

  /** The page of a tenant in one mode, or undefined (an app, a tenant gone, or one that holds another handle now). */
  const pageFor = async (owner: Owner, mode: Mode): Promise<Page | undefined> => {
    const key = versionKey(owner.id, mode);
    // The version first, then the data: a page is never labelled newer than what it shows.
    const version = await versionOf(key);
    const missing = Symbol('missing');
    const page = await pages
      .at(key, version, async () => {
        const built = await build(owner, mode, version);
        if (!built) throw missing;
        return built;
      })
      .catch((err: unknown) => {
        if (err !== missing) throw err;
        return undefined;
      });
    return page && (owner.handle === undefined || page.handle === owner.handle) ? page : undefined;
  };

  /** The page for a handle (or tenant id) in one mode, or undefined: unknown, or not a storefront. */
  return async function read(handleOrId: string, mode: Mode): Promise<Page | undefined> {
    const remembered = owners.has(handleOrId);
    const owner = await ownerOf(handleOrId);
    const page = owner && (await pageFor(owner, mode));
    if (page) return page;
    owners.delete(handleOrId);
    if (!remembered) return undefined;
    // What this replica remembered is gone or moved (a tenant event moved the version): ask again.
    const current = await ownerOf(handleOrId);
    const again = current && (await pageFor(current, mode));
    if (!again) owners.delete(handleOrId);
    return again;
  };
}
