import { conflict, notFound, type Decider } from '@seatside/chassis';

export const faqMessages = {
  questionRequired: 'Question is required',
  answerRequired: 'Answer is required',
  notFound: 'FAQ not found',
  created: 'FAQ created',
  updated: 'FAQ updated',
  deleted: 'FAQ deleted',
} as const;

export type FaqFields = {
  question: string;
  answer: string;
  /** 'pricing' puts it on the pricing page; other scopes are free-form. */
  scope: string;
};

export type FaqEvent =
  | { type: 'FaqCreated'; data: FaqFields & { faqId: string; at: string } }
  | { type: 'FaqUpdated'; data: Partial<FaqFields> & { faqId: string; at: string } }
  | { type: 'FaqDeleted'; data: { faqId: string; at: string } };

export type FaqCommand =
  | { type: 'CreateFaq'; data: FaqFields & { faqId: string; at: string } }
  | { type: 'UpdateFaq'; data: Partial<FaqFields> & { faqId: string; at: string } }
  | { type: 'DeleteFaq'; data: { faqId: string; at: string } };

export type FaqState = { status: 'none' } | ({ status: 'live' } & FaqFields) | { status: 'deleted' };

export const faqDecider: Decider<FaqCommand, FaqEvent, FaqState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateFaq':
        if (state.status !== 'none') throw conflict('This FAQ already exists');
        return [{ type: 'FaqCreated', data: command.data }];
      case 'UpdateFaq':
        if (state.status !== 'live') throw notFound(faqMessages.notFound);
        return [{ type: 'FaqUpdated', data: command.data }];
      case 'DeleteFaq':
        if (state.status !== 'live') throw notFound(faqMessages.notFound);
        return [{ type: 'FaqDeleted', data: command.data }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'FaqCreated':
        return { status: 'live', question: event.data.question, answer: event.data.answer, scope: event.data.scope };
      case 'FaqUpdated':
        if (state.status !== 'live') return state;
        return {
          ...state,
          question: event.data.question ?? state.question,
          answer: event.data.answer ?? state.answer,
          scope: event.data.scope ?? state.scope,
        };
      case 'FaqDeleted':
        return { status: 'deleted' };
    }
  },
};

export const faqStream = (faqId: string) => `faq-${faqId}`;
