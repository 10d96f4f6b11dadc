// The marketing pages use the shared support calls of the ui API client.
export { fetchFaqs, sendContact, type ContactSubmission as ContactForm, type Faq } from '@seatside/ui';
