import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { requireAi, type Ai } from '@seatside/chassis/src/ai';
import type { ReadModelStore } from '@seatside/chassis';
import { faqs as faqCollection, type FaqDoc } from '../faqs/projections';
import type { ChatMessageDoc } from './projections';

/** What the AI is grounded on, put in the prompt: every FAQ, and the published articles that speak to the question. */
export interface Grounding {
  faqs: { question: string; answer: string }[];
  articles: { title: string; body: string }[];
}

/** The published articles relevant to a question (articles/projections.ts publishedArticles). */
export type ArticleSource = (readModels: ReadModelStore, question: string) => Promise<{ title: string; body: string }[]>;

const MAX_GROUNDING_CHARS = 24_000;

/** The grounding for a question: the client's message, or the conversation's latest client messages. */
export async function groundingOf(readModels: ReadModelStore, question: string, articles?: ArticleSource): Promise<Grounding> {
  const page = await readModels.collection<FaqDoc>(faqCollection).find({ sort: 'createdAt', order: 'asc', limit: 200 });
  return { faqs: page.data.map(({ question: q, answer }) => ({ question: q, answer })), articles: articles ? await articles(readModels, question) : [] };
}

/** What a conversation is asking about: its last three client messages. */
export const questionOf = (history: readonly ChatMessageDoc[]): string =>
  history
    .filter((m) => m.senderGroup === 'client')
    .slice(-3)
    .map((m) => m.text)
    .join('\n');

function systemPrompt(grounding: Grounding): string {
  const lines = [
    "You are a support agent for Seatside, an ordering platform for restaurants, venues and shops (NFC and QR tags at tables and seats, a merchant dashboard, online ordering).",
    'Answer the client briefly and kindly, in the language they wrote in. Use only the FAQs and articles below and what the client said; when they do not cover the question, say that a member of the team will follow up, and do not invent facts, prices or promises.',
    '',
    '# FAQs',
    ...grounding.faqs.map((f) => `Q: ${f.question}\nA: ${f.answer}`),
    '',
    '# Articles',
    ...grounding.articles.map((a) => `## ${a.title}\n${a.body}`),
  ];
  return lines.join('\n').slice(0, MAX_GROUNDING_CHARS);
}

/** 'Draft with AI': a reply to one client message, for staff to edit before sending. */
export async function draftReply(ai: Ai, grounding: Grounding, clientMessage: string): Promise<string> {
  const { client, model } = requireAi(ai);
  const completion = await client.chat.completions.create({
    model,
    messages: [
      { role: 'system', content: systemPrompt(grounding) },
      { role: 'user', content: clientMessage },
    ],
  });
  return completion.choices[0]?.message.content?.trim() ?? '';
}

/** The auto-response: an answer to the conversation so far (its last 20 messages). */
export async function answerConversation(ai: Ai, grounding: Grounding, history: ChatMessageDoc[]): Promise<string> {
  const { client, model } = requireAi(ai);
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: systemPrompt(grounding) },
    ...history.slice(-20).map((m): ChatCompletionMessageParam => (m.senderGroup === 'client' ? { role: 'user', content: m.text } : { role: 'assistant', content: m.text })),
  ];
  const completion = await client.chat.completions.create({ model, messages });
  return completion.choices[0]?.message.content?.trim() ?? '';
}
