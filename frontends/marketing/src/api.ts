import { api } from '@seatside/ui';

export interface Faq {
  id: string;
  question: string;
  answer: string;
  scope: string;
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
  total: number;
}

/** FAQs from the chat service (`GET /v1/faqs`, `?scope=pricing` for the pricing page). */
export const fetchFaqs = (scope?: string, signal?: AbortSignal) =>
  api.get<Page<Faq>>('/faqs', { query: { scope, limit: 100 }, signal });

export interface ContactForm {
  fullname: string;
  email?: string;
  phone?: string;
  message: string;
}

/** `POST /v1/contact`: answers `{ id, message }`; a problem+json answer is thrown as ApiError. */
export const sendContact = (form: ContactForm) =>
  api.post<{ id: string; message: string }>('/contact', {
    fullname: form.fullname,
    email: form.email ?? '',
    phone: form.phone ?? '',
    message: form.message,
  });
