import type OpenAI from 'openai';
import { toFile } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { applyTool, type Cart } from './cart';
import { instructionsOf, toolsOf, type Menu } from './menu';

/** Seed 000 §3 "Voice message history entry". */
export interface HistoryEntry {
  role: 'user' | 'assistant';
  content: string;
  latency?: number;
}

/** How many model rounds one turn may take (each round may call tools). */
export const MAX_TOOL_ROUNDS = 5;
/** How much of the history the model is sent. */
export const MAX_HISTORY = 20;

export interface TurnModels {
  client: OpenAI;
  chatModel: string;
  transcribeModel: string;
}

/** The diner's words: typed text as it is, or the recording transcribed. */
export async function transcribe(models: TurnModels, wav: Buffer): Promise<string> {
  const result = await models.client.audio.transcriptions.create({ model: models.transcribeModel, file: await toFile(wav, 'input.wav', { type: 'audio/wav' }) });
  return result.text.trim();
}

export interface TurnResult {
  reply: string;
  cart: Cart;
  /** Tool calls refused (a product or option that does not exist, a missing choice). */
  refused: { name: string; arguments: string; result: string }[];
}

const parseArgs = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/**
 * One turn of the conversation: the model, given the menu and its tools, answers the diner's words;
 * each tool call is applied to the cart by `applyTool` (never by the model), and its outcome goes
 * back to the model until it answers in words.
 */
export async function converse(models: TurnModels, menu: Menu, cart: Cart, history: readonly HistoryEntry[], said: string): Promise<TurnResult> {
  const tools = toolsOf(menu);
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: instructionsOf(menu) },
    ...history.slice(-MAX_HISTORY).map((entry) => ({ role: entry.role, content: entry.content })),
    { role: 'user', content: said },
  ];
  let current = cart;
  const refused: TurnResult['refused'] = [];
  for (let round = 0; round < MAX_TOOL_ROUNDS; round += 1) {
    const answer = await models.client.chat.completions.create({
      model: models.chatModel,
      messages,
      ...(tools.length > 0 ? { tools, tool_choice: 'auto' as const } : {}),
    });
    const message = answer.choices[0]?.message;
    const calls = (message?.tool_calls ?? []).filter((call) => call.type === 'function');
    if (calls.length === 0) return { reply: message?.content?.trim() ?? '', cart: current, refused };
    messages.push({ role: 'assistant', content: message?.content ?? null, tool_calls: calls });
    for (const call of calls) {
      const outcome = applyTool(menu, current, call.function.name, parseArgs(call.function.arguments));
      current = outcome.cart;
      if (outcome.refused) refused.push({ name: call.function.name, arguments: call.function.arguments, result: outcome.result });
      messages.push({ role: 'tool', tool_call_id: call.id, content: outcome.result });
    }
  }
  return { reply: '', cart: current, refused };
}
