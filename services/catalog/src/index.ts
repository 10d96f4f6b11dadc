import { Router } from 'express';
import { tenantAccess, tenantMemberships, type ServiceModule } from '@seatside/chassis';
import { createAi, type AiOptions } from '@seatside/chassis/src/ai';
import { couponsRouter } from './coupons/http';
import { coupons } from './coupons/projections';
import { customersRouter } from './customers/http';
import { customers } from './customers/projections';
import { demoRouter } from './demo/http';
import { menusRouter } from './menus/http';
import { modifiersRouter } from './modifiers/http';
import { modifiers } from './modifiers/projections';
import { menus } from './menus/projections';
import { pageRouter } from './page/http';
import { pages } from './page/projections';
import { productsRouter } from './products/http';
import { products } from './products/projections';
import { servicesRouter } from './services/http';
import { followOrderStock, stockReductions } from './stock/orders';
import { serviceOrders, services } from './services/projections';
import { storefrontRouter } from './storefront/http';
import { storefrontVersions, venueLinks } from './storefront/versions';
import { createSubgraph } from './subgraph';
import { handleHolds, tenants } from './tenants/projections';
import { adminTenantsRouter } from './tenants/admin';
import { tenantsRouter } from './tenants/http';
import { followMediaBranding } from './tenants/media';
import { testDataRouter } from './testdata/http';
import { createPlacesProvider, placesRouter, type PlacesOptions } from './places';
import { catalogPublications } from './published';
import { catalogUpcasters } from './upcasters';
import { catalogMigrations } from './migrations';
import { catalogApi } from './openapi';
import { fontCatalogue } from './fonts/catalogue';
import { nodeDnsPort, type DnsPort } from './tenants/domains';
import { tenantManagementRouter } from './tenants/manage';
import { venueLinksRouter } from './venues/http';
import { linkRequests } from './venues/projections';

export interface CatalogOptions extends PlacesOptions {
  /** The public web-font catalogue (Google Fonts Developer API) when set; the bundled list otherwise. */
  googleFontsApiKey?: string;
  /** Custom domains: the A record for an apex, the CNAME target for a subdomain, and the DNS resolver. */
  customDomainARecord?: string;
  customDomainCname?: string;
  dns?: DnsPort;
  /** The AI port (OPENAI_API_KEY …): the page builder's assistant; without a key it answers 'AI is not configured'. */
  ai?: AiOptions;
}

/** Where custom domains point unless configured (CUSTOM_DOMAIN_A_RECORD, CUSTOM_DOMAIN_CNAME). */
export const CUSTOM_DOMAIN_DEFAULTS = { aRecord: '76.76.21.21', cnameTarget: 'domains.seatside.app' } as const;

/**
 * Catalog: tenants (registration, handles, reads, branding from media), place search, coupons,
 * customers, modifiers, products, menus, services, the merchant's test data (import, delete), the
 * page builder's page (draft, published, AI assistant) and the public storefront document.
 */
export function createCatalogService(options: CatalogOptions = {}): ServiceModule {
  return {
    name: 'catalog',
    publications: catalogPublications,
    upcasters: catalogUpcasters,
    migrations: catalogMigrations,
    api: catalogApi,
    create(deps) {
      const access = tenantAccess(deps, { subscription: 'catalog-memberships' });
      access.follow();
      followMediaBranding(deps);
      const reductions = stockReductions(deps.schema);
      followOrderStock(deps, reductions);
      const fonts = fontCatalogue({ apiKey: options.googleFontsApiKey, logger: deps.logger });
      const domains = {
        aRecord: options.customDomainARecord ?? CUSTOM_DOMAIN_DEFAULTS.aRecord,
        cnameTarget: options.customDomainCname ?? CUSTOM_DOMAIN_DEFAULTS.cnameTarget,
        dns: options.dns ?? nodeDnsPort(),
      };
      const ai = createAi(options.ai ?? {});
      const router = Router();
      router.use(
        // First: the busiest route, public, and it needs no other router's middleware.
        storefrontRouter(deps),
        adminTenantsRouter(deps),
        tenantManagementRouter(deps, access, { fonts, domains }),
        venueLinksRouter(deps, access),
        tenantsRouter(deps, access),
        testDataRouter(deps, access),
        couponsRouter(deps, access),
        customersRouter(deps, access),
        modifiersRouter(deps, access),
        productsRouter(deps, access),
        menusRouter(deps, access),
        servicesRouter(deps, access),
        pageRouter(deps, access, ai),
        placesRouter(createPlacesProvider(options), deps.logger),
        demoRouter(),
      );
      return {
        name: 'catalog',
        router,
        subgraph: createSubgraph(deps, access),
        collections: [tenants, handleHolds, storefrontVersions, tenantMemberships, coupons, customers, modifiers, products, menus, services, serviceOrders, pages, linkRequests, venueLinks],
        // A font catalogue fetch in flight ends before the service does.
        stop: () => fonts.stop(),
      };
    },
  };
}

/** The catalog on its defaults: the bundled place dataset. */
export const catalogService: ServiceModule = createCatalogService();
