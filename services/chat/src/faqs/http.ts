import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  handleCommand, ifMatchVersion, requiredText, metadataFrom, notFound, setVersionTag, parseInput, parseListQuery, requirePlatformAdmin, type ServiceDeps, TEXT_MAX,
} from '@seatside/chassis';
import { faqDecider, faqMessages as m, faqStream, type FaqCommand } from './faq';
import { faqs, projectFaqs, type FaqDoc } from './projections';

const scope = z.string().trim().max(40).optional().default('general');

const createFaq = z.object({ question: requiredText(m.questionRequired).max(TEXT_MAX.indexed), answer: requiredText(m.answerRequired).max(TEXT_MAX.long), scope });
const updateFaq = z.object({
  question: requiredText(m.questionRequired).max(TEXT_MAX.indexed).optional(),
  answer: requiredText(m.answerRequired).max(TEXT_MAX.long).optional(),
  scope: z.string().trim().max(40).optional(),
});
/** The list's filter besides the list parameters (parseListQuery). */
const faqFilter = z.object({ scope: z.string().max(40).optional() });

/** The schemas the FAQ routes validate with, for the OpenAPI document (src/openapi.ts). */
export const faqSchemas = { createFaq, updateFaq, faqFilter };

/** FAQs: anyone reads them (marketing pages, widget); support staff (platform admins) write them. */
export function faqRouter(deps: ServiceDeps): Router {
  const router = Router();
  const project = projectFaqs(deps.readModels);
  const run = (req: Request, faqId: string, command: FaqCommand) =>
    handleCommand(deps.eventStore, faqStream(faqId), faqDecider, command, {
      metadata: metadataFrom(req),
      inline: [project],
      expectedVersion: ifMatchVersion(req),
    });

  router.get('/v1/faqs', async (req, res) => {
    const { testMode: _testMode, ...query } = parseListQuery(req.query, { sort: 'createdAt', order: 'asc' });
    const { scope: wanted } = parseInput(faqFilter, req.query ?? {});
    res.json(await deps.readModels.collection<FaqDoc>(faqs).find({ ...query, filter: wanted === undefined ? undefined : { scope: wanted } }));
  });

  router.get('/v1/faqs/:faqId', async (req, res) => {
    const faq = await deps.readModels.collection<FaqDoc>(faqs).get(req.params.faqId);
    if (!faq) throw notFound(m.notFound);
    setVersionTag(res, faq.version);
    res.json(faq);
  });

  router.post('/v1/faqs', async (req, res) => {
    requirePlatformAdmin(req);
    const fields = parseInput(createFaq, req.body ?? {});
    const faqId = deps.newId();
    const { nextExpectedVersion } = await run(req, faqId, { type: 'CreateFaq', data: { faqId, ...fields, at: deps.now().toISOString() } });
    setVersionTag(res, nextExpectedVersion);
    res.status(201).json({ id: faqId, message: m.created });
  });

  router.post('/v1/faqs/:faqId', async (req, res) => {
    requirePlatformAdmin(req);
    const fields = parseInput(updateFaq, req.body ?? {});
    const { faqId } = req.params;
    const { nextExpectedVersion } = await run(req, faqId, { type: 'UpdateFaq', data: { faqId, ...fields, at: deps.now().toISOString() } });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: faqId, message: m.updated });
  });

  router.delete('/v1/faqs/:faqId', async (req, res) => {
    requirePlatformAdmin(req);
    const { faqId } = req.params;
    await run(req, faqId, { type: 'DeleteFaq', data: { faqId, at: deps.now().toISOString() } });
    res.json({ id: faqId, message: m.deleted });
  });

  return router;
}
