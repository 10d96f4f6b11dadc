import type { CollectionSpec, InlineProjection, ReadModelStore } from '@seatside/chassis';
import type { ContactSubmission } from './contact';

export const contactSubmissions: CollectionSpec = {
  name: 'contact_submissions',
  sortable: ['submittedAt'],
  searchable: ['fullname', 'email'],
  filterable: ['source'],
};

export type ContactSubmissionDoc = Omit<ContactSubmission, 'submissionId'> & { id: string };

export const projectContact =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const collection = readModels.collection<ContactSubmissionDoc>(contactSubmissions, tx);
    for (const event of events) {
      if (event.type !== 'ContactSubmitted') continue;
      const { submissionId, ...rest } = event.data as ContactSubmission;
      await collection.put({ id: submissionId, ...rest });
    }
  };
