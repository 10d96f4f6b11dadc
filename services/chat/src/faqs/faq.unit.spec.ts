import { spec } from '@seatside/chassis/src/testkit/decider';
import { faqDecider, type FaqEvent } from './faq';

const at = '2026-11-22T12:00:00.000Z';
const created: FaqEvent = { type: 'FaqCreated', data: { faqId: 'f1', question: 'Is there a free trial?', answer: 'No.', scope: 'pricing', at } };

describe('FAQ decider', () => {
  it('given nothing, when an FAQ is created, then FaqCreated', () => {
    spec(faqDecider).given([]).when({ type: 'CreateFaq', data: created.data as never }).then([created]);
  });

  it('given an FAQ, when it is updated, then FaqUpdated with the changed fields', () => {
    spec(faqDecider)
      .given([created])
      .when({ type: 'UpdateFaq', data: { faqId: 'f1', answer: 'No, there is no free trial.', at } })
      .then([{ type: 'FaqUpdated', data: { faqId: 'f1', answer: 'No, there is no free trial.', at } }]);
  });

  it('given nothing, when an FAQ is updated, then it is not found', () => {
    spec(faqDecider).given([]).when({ type: 'UpdateFaq', data: { faqId: 'f1', at } }).thenThrows('NotFound', 'FAQ not found');
  });

  it('given a deleted FAQ, when it is deleted again, then it is not found', () => {
    spec(faqDecider)
      .given([created, { type: 'FaqDeleted', data: { faqId: 'f1', at } }])
      .when({ type: 'DeleteFaq', data: { faqId: 'f1', at } })
      .thenThrows('NotFound', 'FAQ not found');
  });

  it('given an FAQ, when it is created again, then it is a conflict', () => {
    spec(faqDecider).given([created]).when({ type: 'CreateFaq', data: created.data as never }).thenThrows('Conflict');
  });
});
