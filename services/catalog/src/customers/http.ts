import { Router } from 'express';
import { z } from 'zod';
import { parseInput, requiredText, setVersionTag, type ServiceDeps, type TenantAccess, TEXT_MAX } from '@seatside/chassis';
import { commandRunner, merchantRecords, withoutUndefined } from '../entities';
import { customerDecider, customerMessages as m, customerStream } from './customer';
import { customers, projectCustomers, type CustomerDoc } from './projections';

const metadataEntry = z.object({ key: z.string().trim().max(TEXT_MAX.name), value: z.string().trim().max(TEXT_MAX.indexed) });

/** Every field as an update may send it; a create adds what is required and the defaults. */
export const customerChanges = z.object({
  firstName: requiredText(m.firstNameRequired).max(TEXT_MAX.name).optional(),
  lastName: z.string().trim().max(TEXT_MAX.name).optional(),
  email: requiredText(m.emailRequired).max(TEXT_MAX.email).optional(),
  phone: z.string().trim().max(TEXT_MAX.phone).optional(),
  metadata: z.array(metadataEntry).optional(),
});

export const newCustomer = customerChanges.extend({
  firstName: requiredText(m.firstNameRequired).max(TEXT_MAX.name),
  email: requiredText(m.emailRequired).max(TEXT_MAX.email),
  testMode: z.boolean().optional(),
});

/** Customers of a merchant (docs/catalog-api.md): any member reads and writes them; a key only in its mode. */
export function customersRouter(deps: ServiceDeps, access: TenantAccess): Router {
  const router = Router();
  const docs = () => deps.readModels.collection<CustomerDoc>(customers);
  const project = projectCustomers(deps.readModels);
  const records = merchantRecords(access, docs, m.notFound);
  const run = commandRunner(deps.eventStore, customerDecider, project);

  router.get('/v1/merchants/:merchantId/customers', async (req, res) => {
    res.json(await records.list(req, req.params.merchantId, { sort: 'firstName', order: 'asc' }));
  });

  router.get('/v1/merchants/:merchantId/customers/:customerId', async (req, res) => {
    const customer = await records.existing(req, req.params.merchantId, req.params.customerId);
    setVersionTag(res, customer.version);
    res.json(customer);
  });

  router.post('/v1/merchants/:merchantId/customers', async (req, res) => {
    const { merchantId } = req.params;
    const { testMode, fields } = await records.parseNew(req, merchantId, newCustomer);
    const customerId = deps.newId();
    const { nextExpectedVersion } = await run(req, customerStream(customerId), {
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
    await records.existing(req, merchantId, customerId);
    const changes = parseInput(customerChanges, req.body ?? {});
    const { nextExpectedVersion } = await run(req, customerStream(customerId), {
      type: 'UpdateCustomer',
      data: { customerId, merchantId, changes: withoutUndefined(changes), at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: customerId, message: m.updated });
  });

  router.delete('/v1/merchants/:merchantId/customers/:customerId', async (req, res) => {
    const { merchantId, customerId } = req.params;
    await records.existing(req, merchantId, customerId);
    await run(req, customerStream(customerId), { type: 'DeleteCustomer', data: { customerId, merchantId, at: deps.now().toISOString() } });
    res.json({ id: customerId, message: m.deleted });
  });

  return router;
}
