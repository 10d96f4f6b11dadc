import { handleCommand, isDomainError, type ServiceDeps } from '@seatside/chassis';
import { faqDecider, faqStream, type FaqFields } from './faq';
import { projectFaqs } from './projections';

/** A seed FAQ: `id` becomes the FAQ id, so its stream is `faq-<id>` (`faq-seed-<n>`). */
export type SeedFaq = FaqFields & { id: string };

/** The public site's FAQ content (seed 000 §1, §9); the admin area manages them afterwards. */
export const seedFaqs: SeedFaq[] = [
  {
    id: 'seed-1',
    question: 'Which order types can I offer?',
    answer: 'Delivery, pickup and dine-in. Each order type can be switched on and off at any time.',
    scope: 'general',
  },
  {
    id: 'seed-2',
    question: 'Is the digital menu free?',
    answer: 'Yes. A digital menu is free.',
    scope: 'general',
  },
  {
    id: 'seed-3',
    question: 'How do customers order at a table or seat?',
    answer: 'NFC tags or QR codes carry a location such as a table, seat or hotel room, so customers order from their phone right where they are.',
    scope: 'general',
  },
  {
    id: 'seed-4',
    question: 'How much does it cost?',
    answer: 'The platform itself is free. There is a platform fee of 0.99 USD per order.',
    scope: 'pricing',
  },
  {
    id: 'seed-5',
    question: 'Is there a free trial?',
    answer: 'There is no free trial: the platform itself is free and you only pay 0.99 USD per order.',
    scope: 'pricing',
  },
  {
    id: 'seed-6',
    question: 'Do you offer a flat subscription or enterprise pricing?',
    answer: 'Yes. Flat subscription and enterprise pricing are available on request. Contact us to talk it through.',
    scope: 'pricing',
  },
];

/**
 * Appends each seed FAQ once. Its stream must not exist yet (`no_stream`): a FAQ that is already
 * there, edited or deleted has events, so the Conflict is ignored and nothing changes; a restart
 * never duplicates or resurrects a seed FAQ.
 */
export async function seedFaqCollection(deps: ServiceDeps, faqs: readonly SeedFaq[] = seedFaqs): Promise<number> {
  const project = projectFaqs(deps.readModels);
  let created = 0;
  for (const { id, ...fields } of faqs) {
    try {
      await handleCommand(deps.eventStore, faqStream(id), faqDecider, { type: 'CreateFaq', data: { faqId: id, ...fields, at: deps.now().toISOString() } }, {
        inline: [project],
        metadata: { actorId: 'seed' },
      });
      created += 1;
    } catch (err) {
      if (isDomainError(err) && err.kind === 'Conflict') continue;
      throw err;
    }
  }
  if (created > 0) deps.logger.info({ created }, 'seeded FAQs');
  return created;
}
