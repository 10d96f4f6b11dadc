import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  handleCommand, ifMatchVersion, metadataFrom, MIN_SEARCH_LENGTH, modeOf, notFound, parseInput, parseListQuery, requiredText, setVersionTag,
  type ServiceDeps, type TenantAccess,
} from '@seatside/chassis';
import { customerDecider, customerMessages as m, customerStream, type CustomerCommand } from './customer';
import { customers, projectCustomers, type CustomerDoc } from './projections';

/** Seed 001 §9: a search answers at most 25 customers. */
export const CUSTOMER_SEARCH_LIMIT = 25;

const metadataEntry = z.object({ key: z.string().trim(), value: z.string().trim() });

/** Every field as an update may send it; a create adds what is required and the defaults. */
const customerChanges = z.object({
  firstName: requiredText(m.firstNameRequired).optional(),
  lastName: z.string().trim().optional(),
  email: requiredText(m.emailRequired).optional(),
  phone: z.string().trim().optional(),
  metadata: z.array(metadataEntry).optional(),
});

const newCustomer = customerChanges.extend({
  firstName: requiredText(m.firstNameRequired),
  email: requiredText(m.emailRequired),
  testMode: z.boolean().optional(),
});

/** Without an explicit mode, an API key works in its own mode and a user in production. */
const requestedMode = (req: Request, explicit: boolean | undefined): boolean => explicit ?? req.principal?.tenant?.testMode ?? false;

/** Customers of a merchant (docs/catalog-api.md): any member reads and writes them; a key only in its mode. */
export function customersRouter(deps: ServiceDeps, access: TenantAccess): Router {
  const router = Router();
  const docs = () => deps.readModels.collection<CustomerDoc>(customers);
  const project = projectCustomers(deps.readModels);
  const authorize = (req: Request, merchantId: string, testMode?: boolean) =>
    access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: testMode === undefined ? 'any' : modeOf(testMode) });
  const run = (req: Request, customerId: string, command: CustomerCommand) =>
    handleCommand(deps.eventStore, customerStream(customerId), customerDecider, command, {
      metadata: metadataFrom(req, { tenantId: command.data.merchantId }),
      inline: [project],
      expectedVersion: ifMatchVersion(req),
    });
  /** This merchant's customer, after the caller may see its mode; another merchant's is not found. */
  const existing = async (req: Request, merchantId: string, customerId: string) => {
    await authorize(req, merchantId);
    const customer = await docs().get(customerId);
    if (!customer || customer.merchantId !== merchantId) throw notFound(m.notFound);
    await authorize(req, merchantId, customer.testMode);
    return customer;
  };

  router.get('/v1/merchants/:merchantId/customers', async (req, res) => {
    const { merchantId } = req.params;
    const { testMode: parsedMode, ...query } = parseListQuery(req.query, { sort: 'firstName', order: 'asc' });
    const testMode = requestedMode(req, req.query.testMode === undefined ? undefined : parsedMode);
    await authorize(req, merchantId, testMode);
    const filter = { merchantId, testMode };
    const searching = [...(query.q?.trim() ?? '')].length >= MIN_SEARCH_LENGTH;
    if (!searching) return void res.json(await docs().find({ ...query, filter }));
    // A search is one short answer, not a paged list: the first 25 matches in the list's order.
    const { data } = await docs().find({ ...query, filter, cursor: undefined, limit: CUSTOMER_SEARCH_LIMIT });
    res.json({ data, nextCursor: null, total: data.length });
  });

  router.get('/v1/merchants/:merchantId/customers/:customerId', async (req, res) => {
    const customer = await existing(req, req.params.merchantId, req.params.customerId);
    setVersionTag(res, customer.version);
    res.json(customer);
  });

  router.post('/v1/merchants/:merchantId/customers', async (req, res) => {
    const { merchantId } = req.params;
    await authorize(req, merchantId);
    const { testMode: explicitMode, ...fields } = parseInput(newCustomer, req.body ?? {});
    const testMode = requestedMode(req, explicitMode);
    await authorize(req, merchantId, testMode);
    const customerId = deps.newId();
    const { nextExpectedVersion } = await run(req, customerId, {
      type: 'CreateCustomer',
      data: {
        customerId, merchantId, testMode,
        firstName: fields.firstName, lastName: fields.lastName ?? '', email: fields.email, phone: fields.phone ?? '', metadata: fields.metadata ?? [],
        at: deps.now().toISOString(),
      },
    });
    setVersionTag(res, nextExpectedVersion);
    res.status(201).json({ id: customerId, message: m.created });
  });

  router.post('/v1/merchants/:merchantId/customers/:customerId', async (req, res) => {
    const { merchantId, customerId } = req.params;
    await existing(req, merchantId, customerId);
    const changes = parseInput(customerChanges, req.body ?? {});
    const { nextExpectedVersion } = await run(req, customerId, {
      type: 'UpdateCustomer',
      data: { customerId, merchantId, changes: withoutUndefined(changes), at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: customerId, message: m.updated });
  });

  router.delete('/v1/merchants/:merchantId/customers/:customerId', async (req, res) => {
    const { merchantId, customerId } = req.params;
    await existing(req, merchantId, customerId);
    await run(req, customerId, { type: 'DeleteCustomer', data: { customerId, merchantId, at: deps.now().toISOString() } });
    res.json({ id: customerId, message: m.deleted });
  });

  return router;
}

/** A partial update names only the fields sent: an absent field must not overwrite the record's. */
function withoutUndefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
