import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the part of OpenAI's HTTP API the AI port uses, for specs and end-to-end runs:
 * the real `openai` SDK talks to it through `baseURL` (`fake.url`, which ends in `/v1`).
 *
 * - `POST /v1/chat/completions`: answers the next scripted reply (`fake.enqueue`), else the
 *   replier (`fake.replier`), else a text naming the last user message. A reply is a text, a JSON
 *   value (structured output: `response_format: json_schema`, what `chat.completions.parse` reads),
 *   tool calls, or an API error. `stream: true` answers server-sent chunks as OpenAI does.
 * - `GET /v1/models`: the one model.
 * - `POST /v1/audio/transcriptions` (multipart, a `file` and a `model`): answers `{text}`, the next
 *   scripted transcript (`fake.enqueueTranscript`), else `fake.defaultTranscript` ('' when unset).
 * - `POST /v1/audio/speech` (`response_format: 'pcm'`): streams OpenAI's PCM, 24 kHz mono signed
 *   16-bit little-endian, `fakeSpeechSamples(input)` samples long (a tone, in chunks), so a spec
 *   knows exactly how much audio the text gave.
 * - `fake.route(method, path, handler)` adds or replaces endpoints without touching this file's callers.
 *
 * Every request is recorded (`fake.requests`) with its bearer key and parsed JSON body.
 */

export interface FakeToolCall {
  name: string;
  /** The arguments the model "chose"; sent as a JSON string, as OpenAI does. */
  arguments: unknown;
  id?: string;
}

export type FakeChatReply =
  | { content: string }
  | { json: unknown }
  | { toolCalls: FakeToolCall[]; content?: string }
  | { error: { status: number; message: string; type?: string; code?: string } };

export interface ChatMessageLike {
  role: string;
  content?: unknown;
  tool_calls?: unknown;
  tool_call_id?: string;
}

/** The request body of a chat completion, as the fake parsed it. */
export interface FakeChatRequest {
  model: string;
  messages: ChatMessageLike[];
  stream?: boolean;
  tools?: { type: string; function: { name: string; parameters?: unknown } }[];
  response_format?: { type: string; json_schema?: { name: string; schema?: unknown; strict?: boolean } };
  [key: string]: unknown;
}

export interface FakeOpenAiRequest {
  method: string;
  path: string;
  /** The bearer key the client sent ('' when none). */
  apiKey: string;
  contentType: string;
  /** The parsed JSON body (undefined for other bodies: see `raw`). */
  body: unknown;
  raw: Buffer;
}

export type FakeRouteHandler = (request: FakeOpenAiRequest, res: ServerResponse) => void | Promise<void>;

export interface FakeOpenAi {
  /** Base URL for the SDK's `baseURL` / OPENAI_BASE_URL, e.g. `http://127.0.0.1:40123/v1`. */
  url: string;
  /** The key it accepts (requests with another key get OpenAI's 401). */
  apiKey: string;
  requests: FakeOpenAiRequest[];
  /** Chat-completion requests only, parsed. */
  chatRequests(): FakeChatRequest[];
  /** Replies for the next chat completions, in order. */
  enqueue(...replies: FakeChatReply[]): void;
  /** Decides a reply for each chat completion once the queue is empty; `undefined` restores the default. */
  replier(fn: ((request: FakeChatRequest) => FakeChatReply | Promise<FakeChatReply>) | undefined): void;
  /** The next transcriptions' texts, in order. */
  enqueueTranscript(...texts: string[]): void;
  /** What a transcription answers once the queue is empty ('' by default). */
  defaultTranscript: string;
  /** Adds (or replaces) an endpoint, e.g. `route('POST', '/v1/audio/transcriptions', …)`. */
  route(method: string, path: string, handler: FakeRouteHandler): void;
  /** Forgets recorded requests, queued replies and the replier. */
  reset(): void;
  close(): Promise<void>;
}

/** The text a user last said in a conversation (for the default reply and for repliers). */
export function lastUserText(request: FakeChatRequest): string {
  const last = [...request.messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  if (Array.isArray(last.content)) {
    return last.content
      .map((part: unknown) => (part && typeof part === 'object' && 'text' in part ? String((part as { text: unknown }).text) : ''))
      .join('');
  }
  return '';
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

/** OpenAI's error envelope. */
export const openAiError = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error', code: string | null = null) =>
  json(res, status, { error: { message, type, param: null, code } });

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** OpenAI's `pcm` speech: 24 kHz, mono, signed 16-bit little-endian. */
export const FAKE_SPEECH_RATE = 24_000;
/** How many samples the fake speaks for a text: 10 ms (240 samples) per character, at least one character. */
export const fakeSpeechSamples = (input: string) => Math.max(1, input.length) * 240;

/** The fake's speech for a text: a 440 Hz tone of fakeSpeechSamples(input) samples, as PCM16 LE. */
export function fakeSpeechPcm(input: string): Buffer {
  const samples = fakeSpeechSamples(input);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / FAKE_SPEECH_RATE) * 8000), i * 2);
  return pcm;
}

/** Unique ids without a random draw each (the voice bench runs the fake in its own process). */
const idBase = randomBytes(6).toString('hex');
let idCount = 0;
const newId = (prefix: string) => `${prefix}${idBase}${(idCount += 1).toString(36).padStart(8, '0')}`;

export async function startFakeOpenAi(options: { apiKey?: string; model?: string } = {}): Promise<FakeOpenAi> {
  const apiKey = options.apiKey ?? 'sk-fake-openai';
  const model = options.model ?? 'gpt-fake';
  const requests: FakeOpenAiRequest[] = [];
  const queue: FakeChatReply[] = [];
  let replier: ((request: FakeChatRequest) => FakeChatReply | Promise<FakeChatReply>) | undefined;
  const routes = new Map<string, FakeRouteHandler>();

  const nextReply = async (request: FakeChatRequest): Promise<FakeChatReply> => {
    const queued = queue.shift();
    if (queued) return queued;
    if (replier) return replier(request);
    if (request.response_format?.type === 'json_schema') {
      return { error: { status: 400, message: 'The fake OpenAI has no scripted JSON reply: enqueue one with { json }' } };
    }
    return { content: `Fake reply to: ${lastUserText(request)}` };
  };

  const completion = (request: FakeChatRequest, reply: Exclude<FakeChatReply, { error: unknown }>) => {
    const toolCalls = 'toolCalls' in reply ? reply.toolCalls.map((call) => ({ id: call.id ?? newId('call_'), type: 'function' as const, function: { name: call.name, arguments: JSON.stringify(call.arguments) } })) : undefined;
    const content = 'json' in reply ? JSON.stringify(reply.json) : 'content' in reply ? (reply.content ?? null) : null;
    return {
      id: newId('chatcmpl-'),
      created: Math.floor(Date.now() / 1000),
      model: request.model || model,
      toolCalls,
      content,
      finishReason: toolCalls ? 'tool_calls' : 'stop',
    };
  };

  const usage = (request: FakeChatRequest, content: string | null) => {
    const prompt = Math.ceil(JSON.stringify(request.messages).length / 4);
    const completionTokens = Math.ceil((content ?? '').length / 4);
    return { prompt_tokens: prompt, completion_tokens: completionTokens, total_tokens: prompt + completionTokens };
  };

  const chatCompletions: FakeRouteHandler = async (req, res) => {
    const request = req.body as FakeChatRequest;
    if (!request || typeof request !== 'object' || !Array.isArray(request.messages) || typeof request.model !== 'string') {
      openAiError(res, 400, "Missing required parameters: 'model' and 'messages'");
      return;
    }
    const reply = await nextReply(request);
    if ('error' in reply) {
      openAiError(res, reply.error.status, reply.error.message, reply.error.type, reply.error.code ?? null);
      return;
    }
    const made = completion(request, reply);
    if (!request.stream) {
      json(res, 200, {
        id: made.id,
        object: 'chat.completion',
        created: made.created,
        model: made.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: made.content, refusal: null, ...(made.toolCalls ? { tool_calls: made.toolCalls } : {}) },
            logprobs: null,
            finish_reason: made.finishReason,
          },
        ],
        usage: usage(request, made.content),
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      res.write(`data: ${JSON.stringify({ id: made.id, object: 'chat.completion.chunk', created: made.created, model: made.model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`);
    chunk({ role: 'assistant', content: '' }, null);
    for (const piece of (made.content ?? '').match(/\S+\s*|\s+/g) ?? []) chunk({ content: piece }, null);
    made.toolCalls?.forEach((call, index) => {
      chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }, null);
      chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments } }] }, null);
    });
    chunk({}, made.finishReason);
    res.write('data: [DONE]\n\n');
    res.end();
  };

  routes.set('POST /v1/chat/completions', chatCompletions);
  const transcripts: string[] = [];
  const state = { defaultTranscript: '' };
  routes.set('POST /v1/audio/transcriptions', (req, res) => {
    if (!req.contentType.includes('multipart/form-data') || !req.raw.includes('name="file"')) {
      openAiError(res, 400, "Missing required parameter: 'file'.");
      return;
    }
    json(res, 200, { text: transcripts.shift() ?? state.defaultTranscript });
  });
  routes.set('POST /v1/audio/speech', (req, res) => {
    const body = req.body as { input?: unknown; response_format?: unknown } | undefined;
    if (typeof body?.input !== 'string' || body.input.length === 0) {
      openAiError(res, 400, "Missing required parameter: 'input'.");
      return;
    }
    if (body.response_format !== 'pcm') {
      openAiError(res, 400, 'The fake OpenAI speaks pcm only.');
      return;
    }
    const pcm = fakeSpeechPcm(body.input);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' });
    // In chunks of 100 ms (an odd number of bytes apart from the first, as a network may split them).
    const chunk = 4801;
    for (let at = 0; at < pcm.length; at += chunk) res.write(pcm.subarray(at, at + chunk));
    res.end();
  });
  routes.set('GET /v1/models', (_req, res) => json(res, 200, { object: 'list', data: [{ id: model, object: 'model', created: 0, owned_by: 'seatside-fake' }] }));

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const contentType = String(req.headers['content-type'] ?? '');
      let body: unknown;
      if (contentType.includes('application/json') && raw.length > 0) {
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          openAiError(res, 400, 'We could not parse the JSON body of your request.');
          return;
        }
      }
      const auth = String(req.headers.authorization ?? '');
      const recorded: FakeOpenAiRequest = { method: req.method ?? 'GET', path, apiKey: auth.startsWith('Bearer ') ? auth.slice(7) : '', contentType, body, raw };
      requests.push(recorded);
      if (recorded.apiKey !== apiKey) {
        openAiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
        return;
      }
      const handler = routes.get(`${recorded.method} ${path}`);
      if (!handler) {
        openAiError(res, 404, `Unknown request URL: ${recorded.method} ${path}.`, 'invalid_request_error', 'unknown_url');
        return;
      }
      await handler(recorded, res);
    })().catch((err: unknown) => {
      if (!res.headersSent) openAiError(res, 500, `The fake OpenAI failed: ${String(err)}`, 'server_error');
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    chatRequests: () => requests.filter((r) => r.path === '/v1/chat/completions' && r.body).map((r) => r.body as FakeChatRequest),
    enqueue: (...replies) => void queue.push(...replies),
    enqueueTranscript: (...texts) => void transcripts.push(...texts),
    get defaultTranscript() {
      return state.defaultTranscript;
    },
    set defaultTranscript(text: string) {
      state.defaultTranscript = text;
    },
    replier: (fn) => {
      replier = fn;
    },
    route: (method, path, handler) => void routes.set(`${method.toUpperCase()} ${path}`, handler),
    reset: () => {
      requests.length = 0;
      queue.length = 0;
      transcripts.length = 0;
      replier = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
