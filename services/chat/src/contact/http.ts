import { Router } from 'express';
import { z } from 'zod';
import { handleCommand, metadataFrom, parseInput, parseListQuery, requirePlatformAdmin, type ServiceDeps } from '@seatside/chassis';
import { contactDecider, contactMessages as m, contactStream } from './contact';
import { contactSubmissions, projectContact, type ContactSubmissionDoc } from './projections';

const text = (required?: string) => {
  const base = z.string().trim();
  return required ? z.string({ error: required }).trim().min(1, required) : base.optional().default('');
};

/** The /contact page asks only for a name and a message. */
const pageForm = z.object({
  source: z.literal('page').optional().default('page'),
  fullname: text(m.nameRequired),
  email: text(),
  phone: text(),
  message: text(m.messageRequired),
});

/** The widget's form also requires a valid email and a phone number. */
const widgetForm = z.object({
  source: z.literal('widget'),
  fullname: text(m.firstNameRequired),
  email: text(m.emailRequired).pipe(z.email({ error: m.invalidEmail })),
  phone: text(m.phoneRequired),
  message: text(m.messageRequired),
});

export function contactRouter(deps: ServiceDeps): Router {
  const router = Router();
  const project = projectContact(deps.readModels);

  router.post('/v1/contact', async (req, res) => {
    const source = (req.body as { source?: unknown } | undefined)?.source === 'widget' ? widgetForm : pageForm;
    const form = parseInput(source, req.body ?? {});
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

  router.get('/v1/contact-submissions', async (req, res) => {
    requirePlatformAdmin(req);
    const query = parseListQuery(req.query, { sort: 'submittedAt', order: 'desc' });
    const page = await deps.readModels.collection<ContactSubmissionDoc>(contactSubmissions).find(query);
    res.json(page);
  });

  return router;
}
