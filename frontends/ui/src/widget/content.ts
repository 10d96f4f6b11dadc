/**
 * The widget's fixed texts and content. Texts quoted by the spec (seed 000 §2, §5, §8, §9) are
 * kept verbatim; the others are ours and say so.
 */

export const texts = {
  panelLabel: 'Support',
  // Not given by the spec.
  greeting: 'Hi there!',
  greetingSub: 'How can we help?',
  sendUsAMessage: 'Send us a message',
  // Spec §9: "The widget says it typically replies within a day."
  repliesWithin: 'The team typically replies within a day',
  featured: 'Featured article',
  faqsTitle: 'Frequently asked questions',
  noFaqs: 'No FAQs found.',
  noNews: 'No news found! Check back later for more.',
  loading: 'Loading…',
  // Not given by the spec (it says only that staff may end a chat, and a client's message reopens it here).
  chatEnded: 'This chat has ended.',
  chatEndedNext: 'Send a message to start it again.',
} as const;

/** Spec §5, "Contact form in widget". */
export const contactMessages = {
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address',
  fullnameRequired: 'First name is required',
  phoneRequired: 'Phone number is required',
  messageRequired: 'Message is required',
} as const;

/**
 * Spec §9: four default suggested questions. The first three are the spec's wording; the spec does
 * not give the wording of the fourth ("one about risk"), so that one is ours.
 */
export const suggestedQuestions = [
  'I need help with something',
  'How much does it cost?',
  'How do I get started?',
  'Is there any risk in trying Seatside?', // our wording: the spec only says "one about risk"
] as const;


export interface Article {
  id: string;
  title: string;
  description: string;
  content: string;
}

/**
 * The article shipped with the widget: the featured one (and the Help list's) until support staff
 * publish their own in the admin area (`/v1/articles`, articles.ts `articlesOrShipped`). It is shown
 * at /help/article/{id} like any other article.
 */
export const articles: Article[] = [
  {
    id: 'getting-started',
    title: 'Getting started with Seatside',
    description: 'Create your business, set up a menu and take your first order.',
    content:
      'Sign up, then register your merchant or venue and pick your business from the place search. ' +
      'Add your menu, choose which order types you offer (delivery, pickup, dine-in) and place NFC tags or QR codes ' +
      'on tables, seats or rooms. Guests scan, order and pay; you see every order in your dashboard. ' +
      'The platform itself is free; a platform fee of 0.99 USD applies per order.',
  },
];

export interface StaffMember {
  id: string;
  name: string;
  online: boolean;
  avatar?: string;
}

