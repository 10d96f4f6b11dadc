import fs from 'node:fs';
import path from 'node:path';

/**
 * Services talk through published streams only (docs/ARCHITECTURE.md, Published streams): no file
 * under services/<name>/src reads another service's internal log or names another service's internal
 * event types. Consumers decode the integration events of @seatside/proto instead.
 */
const root = path.resolve(__dirname, '../..');
const servicesDir = path.join(root, 'services');

/**
 * Consumers not moved to a published stream yet: each entry is a file and what it may still do.
 * This list only shrinks.
 */
const NOT_MOVED_YET: Record<string, string> = {
  'services/catalog/src/stock/orders.ts': 'the stock follows the orders log',
  'services/catalog/src/stock/orders.int.spec.ts': 'its spec',
  'services/catalog/src/tenants/media.ts': 'branding follows the media log',
  'services/catalog/src/tenants/branding.ts': 'reads media ObjectStored',
  'services/catalog/src/tenants/branding.int.spec.ts': 'its spec',
  'services/catalog/src/tenants/branding.unit.spec.ts': 'its spec',
  'services/chassis/src/tenancy.ts': 'tenant memberships follow the identity log',
  'services/chassis/src/tenancy.int.spec.ts': 'its spec',
  'services/chassis/src/testkit/service.ts': 'grant() writes the identity log',
  'services/identity/src/tenants/index.ts': 'tenants follow the catalog log',
  'services/identity/src/tenants/testing.ts': 'its fixture',
  'services/identity/src/tenants/catalog.int.spec.ts': 'its spec',
  'services/identity/src/openapi.int.spec.ts': 'makes its merchant as the catalog log does (tenants follow it)',
  'services/orders/src/tags/view.ts': 'the tag view follows the tags log',
  'services/orders/src/index.ts': 'subscribes to the tags log',
  'services/orders/src/testing/fixture.ts': 'tag() writes the tags log',
};

/**
 * The chassis is no service: its generic specs (the event store and subscription contracts) use
 * example event names. Only its code that consumes a service's events is checked.
 */
const chassisGeneric = (relative: string) =>
  relative.startsWith('services/chassis/') && (/\.spec\.ts$/.test(relative) || /\/contract\.ts$/.test(relative)) && !relative.includes('tenancy');

function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

const services = fs.readdirSync(servicesDir).filter((name) => fs.existsSync(path.join(servicesDir, name, 'src')));

/** A service's own internal event types: the `type: '...'` members of its `...Event =` unions (specs aside). */
function ownEventTypes(service: string): Set<string> {
  const types = new Set<string>();
  for (const file of sourceFiles(path.join(servicesDir, service, 'src'))) {
    if (/\.spec\.tsx?$/.test(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const union of text.matchAll(/export type \w*Event\w* =([\s\S]*?);\n/g)) {
      for (const member of union[1]!.matchAll(/\{\s*type:\s*'([A-Z]\w+)'/g)) types.add(member[1]!);
    }
  }
  return types;
}

/** What in `text` (a file of `service`) reads another service's internal events. */
export function violationsIn(service: string, text: string, eventTypesOf: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  for (const call of text.matchAll(/\bsubscribe\(\s*\{[\s\S]{0,600}?\}\s*\)/g)) {
    const source = /\bsource:\s*['"]([\w-]+)['"]/.exec(call[0]);
    if (source && source[1] !== service) found.push(`subscribes to the internal log of ${source[1]}`);
  }
  for (const log of text.matchAll(/\bsourceLog\(\s*['"]([\w-]+)['"]\s*\)/g)) found.push(`writes the internal log of ${log[1]}`);
  const own = eventTypesOf.get(service) ?? new Set<string>();
  for (const [other, types] of eventTypesOf) {
    if (other === service) continue;
    for (const type of types) {
      if (own.has(type)) continue;
      if (new RegExp(`['"\`]${type}['"\`]`).test(text)) found.push(`names ${other}'s internal event ${type}`);
    }
  }
  return [...new Set(found)];
}

describe('services read each other only through published streams', () => {
  const eventTypesOf = new Map(services.filter((s) => s !== 'chassis').map((s) => [s, ownEventTypes(s)]));

  it('given the services today, then the catalog, orders and identity declare their internal events (the rule has something to check)', () => {
    expect(eventTypesOf.get('catalog')).toContain('ProductCreated');
    expect(eventTypesOf.get('orders')).toContain('OrderPlaced');
    expect(eventTypesOf.get('identity')).toContain('TenantMembershipGranted');
  });

  it('given a consumer that subscribes to the catalog log or names its events, then it is a violation', () => {
    const probe = "deps.subscribe({ name: 'x', source: 'catalog', types: ['ProductCreated'], handle });\ntype E = { type: 'ProductUpdated' };";
    expect(violationsIn('orders', probe, eventTypesOf)).toEqual(expect.arrayContaining([
      'subscribes to the internal log of catalog',
      "names catalog's internal event ProductCreated",
      "names catalog's internal event ProductUpdated",
    ]));
  });

  it('given a consumer that subscribes to the published stream with the generated types, then no violation', () => {
    const probe = "deps.subscribePublished({ name: 'x', source: 'catalog', messages: [catalogV1.ProductCreatedSchema], handle });\ncase 'seatside.catalog.v1.ProductCreated':";
    expect(violationsIn('orders', probe, eventTypesOf)).toEqual([]);
  });

  it('given every file under services/*/src, then none reads or types another service\'s internal events (but the listed ones not moved yet)', () => {
    const violations: string[] = [];
    for (const service of services) {
      for (const file of sourceFiles(path.join(servicesDir, service, 'src'))) {
        const relative = path.relative(root, file);
        if (relative in NOT_MOVED_YET || chassisGeneric(relative)) continue;
        for (const v of violationsIn(service, fs.readFileSync(file, 'utf8'), eventTypesOf)) violations.push(`${relative}: ${v}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('given the files not moved yet, then each still exists (the list only shrinks)', () => {
    for (const file of Object.keys(NOT_MOVED_YET)) expect([file, fs.existsSync(path.join(root, file))]).toEqual([file, true]);
  });
});
