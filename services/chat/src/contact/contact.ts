import { conflict, type Decider } from '@seatside/chassis';

/** The spec's texts for contact forms (seed 000 §5, §7, §8). */
export const contactMessages = {
  nameRequired: 'Name is required',
  firstNameRequired: 'First name is required',
  messageRequired: 'Message is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address',
  phoneRequired: 'Phone number is required',
  received: "Thanks for reaching out! We'll get back to you soon.",
} as const;

/** Where the form was sent from: the /contact page or the support widget (stricter rules). */
export type ContactSource = 'page' | 'widget';

export interface ContactSubmission {
  submissionId: string;
  fullname: string;
  email: string;
  phone: string;
  message: string;
  source: ContactSource;
  submittedAt: string;
}

export type ContactEvent = { type: 'ContactSubmitted'; data: ContactSubmission };
export type ContactCommand = { type: 'SubmitContact'; data: ContactSubmission };
export type ContactState = { submitted: boolean };

export const contactDecider: Decider<ContactCommand, ContactEvent, ContactState> = {
  initialState: () => ({ submitted: false }),
  decide(command, state) {
    if (state.submitted) throw conflict('This contact submission was already received');
    return [{ type: 'ContactSubmitted', data: command.data }];
  },
  evolve: (_state, event) => (event.type === 'ContactSubmitted' ? { submitted: true } : _state),
};

export const contactStream = (submissionId: string) => `contact-${submissionId}`;
