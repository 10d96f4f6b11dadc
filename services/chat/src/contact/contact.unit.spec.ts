import { spec } from '@seatside/chassis/src/testkit/decider';
import { contactDecider, type ContactSubmission } from './contact';

const submission: ContactSubmission = {
  submissionId: 's1', fullname: 'Ada', email: 'ada@example.com', phone: '555', message: 'Hi', source: 'page', submittedAt: '2026-11-22T12:00:00.000Z',
};

describe('contact submission decider', () => {
  it('given nothing, when a contact form is submitted, then ContactSubmitted carries the form', () => {
    spec(contactDecider).given([]).when({ type: 'SubmitContact', data: submission }).then([{ type: 'ContactSubmitted', data: submission }]);
  });

  it('given a submission, when the same one is submitted again, then it is a conflict', () => {
    spec(contactDecider)
      .given([{ type: 'ContactSubmitted', data: submission }])
      .when({ type: 'SubmitContact', data: submission })
      .thenThrows('Conflict');
  });
});
