import { Router } from 'express';
import { z } from 'zod';
import {
  handleCommand, metadataFrom, notFound, parseInput, parseListQuery, requiredText, requirePlatformAdmin, type ServiceDeps, TEXT_MAX,
} from '@seatside/chassis';
import { contactDecider, contactMessages as m, contactStream } from './contact';
import { contactSubmissions, projectContact, type ContactSubmissionDoc } from './projections';

/** The /contact page asks only for a name and a message. */
const pageForm = z.object({
  source: z.literal('page').optional().default('page'),
  fullname: requiredText(m.nameRequired).max(TEXT_MAX.name),
  email: z.string().trim().max(TEXT_MAX.email).optional().default(''),
  phone: z.string().trim().max(TEXT_MAX.phone).optional().default(''),
  message: requiredText(m.messageRequired).max(TEXT_MAX.long),
});

/** The widget's form also requires a valid email and a phone number. */
const widgetForm = z.object({
  source: z.literal('widget'),
  fullname: requiredText(m.firstNameRequired).max(TEXT_MAX.name),
  email: requiredText(m.emailRequired).max(TEXT_MAX.email).pipe(z.email({ error: m.invalidEmail })),
  phone: requiredText(m.phoneRequired).max(TEXT_MAX.phone),
  message: requiredText(m.messageRequired).max(TEXT_MAX.long),
});

/** A contact form: the widget's when `source` is `widget`, else the /contact page's. */
export const contactForm = z.discriminatedUnion('source', [widgetForm, pageForm], { error: 'Source must be page or widget' });

export function contactRouter(deps: ServiceDeps): Router {
  const router = Router();
  const project = projectContact(deps.readModels);

  router.post('/v1/contact', async (req, res) => {
    const form = parseInput(contactForm, req.body ?? {});
    const submissionId = deps.newId();
    await handleCommand(
      deps.eventStore,
      contactStream(submissionId),
      contactDecider,
      { type: 'SubmitContact', data: { submissionId, ...form, submittedAt: deps.now().toISOString() } },
      { metadata: metadataFrom(req), inline: [project] },
    );
    res.status(201).json({ id: submissionId, message: m.received });
  });

  // The admin list (seed 000 §2 /admin/contact-submissions); `/v1/contact-submissions` is its older name.
  router.get(['/v1/contact-submissions', '/v1/admin/contact-submissions'], async (req, res) => {
    requirePlatformAdmin(req);
    const { testMode: _testMode, ...query } = parseListQuery(req.query, { sort: 'submittedAt', order: 'desc' });
    const page = await deps.readModels.collection<ContactSubmissionDoc>(contactSubmissions).find(query);
    res.json(page);
  });

  router.get('/v1/admin/contact-submissions/:id', async (req, res) => {
    requirePlatformAdmin(req);
    const submission = await deps.readModels.collection<ContactSubmissionDoc>(contactSubmissions).get(req.params.id);
    if (!submission) throw notFound('Contact submission not found');
    res.json(submission);
  });

  return router;
}
