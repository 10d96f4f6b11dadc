import { zodFunction, zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { DomainError } from '../errors';
import { startFakeOpenAi, type FakeOpenAi } from '../testkit/openai';
import { parseConfig } from '../config';
import { aiConfigSchema, aiOptionsFrom, DEFAULT_AI_MODEL } from './config';
import { AI_NOT_CONFIGURED, createAi, requireAi, type AiConfigured } from './port';

describe('the AI port', () => {
  let fake: FakeOpenAi;
  let ai: AiConfigured;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ai = requireAi(createAi(aiOptionsFrom(parseConfig(aiConfigSchema, { OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-test' })), { maxRetries: 0 }));
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  describe('configuration', () => {
    it('given no OPENAI_API_KEY (or an empty one), then the port is "not configured" and requiring it is the 503 problem "AI is not configured"', () => {
      for (const env of [{}, { OPENAI_API_KEY: '  ', OPENAI_MODEL: 'gpt-x' }]) {
        const none = createAi(aiOptionsFrom(parseConfig(aiConfigSchema, env)));
        expect(none).toEqual({ configured: false, message: AI_NOT_CONFIGURED });
        let thrown: unknown;
        try {
          requireAi(none);
        } catch (err) {
          thrown = err;
        }
        expect(thrown).toBeInstanceOf(DomainError);
        expect(thrown).toMatchObject({ kind: 'Unavailable', code: 'ai_not_configured', message: 'AI is not configured' });
      }
    });

    it('given a key without a model, then the default model is used; a bad OPENAI_BASE_URL is refused at start', () => {
      const port = createAi(aiOptionsFrom(parseConfig(aiConfigSchema, { OPENAI_API_KEY: 'sk-1' })));
      expect(port.configured && port.model).toBe(DEFAULT_AI_MODEL);
      expect(() => parseConfig(aiConfigSchema, { OPENAI_API_KEY: 'sk-1', OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/);
    });
  });

  describe('against the fake OpenAI HTTP API, driven by the real SDK', () => {
    it('given a conversation, when a chat completion is asked, then the fake answers with the model named and records the key, model and messages', async () => {
      fake.enqueue({ content: 'Hello from the fake.' });
      const answer = await ai.client.chat.completions.create({ model: ai.model, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] });
      expect(answer.choices[0]?.message.content).toBe('Hello from the fake.');
      expect(answer.model).toBe('gpt-test');
      expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', apiKey: fake.apiKey });
      expect(fake.chatRequests()[0]?.messages).toEqual([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }]);
    });

    it('given nothing scripted, then the default reply names the last user message (so a test can tell it came from the model)', async () => {
      const answer = await ai.client.chat.completions.create({ model: ai.model, messages: [{ role: 'user', content: 'Where is my order?' }] });
      expect(answer.choices[0]?.message.content).toBe('Fake reply to: Where is my order?');
    });

    it('given a structured-output request, when the SDK parses it, then the scripted JSON comes back typed', async () => {
      const Draft = z.object({ reply: z.string(), confidence: z.number() });
      fake.enqueue({ json: { reply: 'Try again later', confidence: 0.8 } });
      const answer = await ai.client.chat.completions.parse({ model: ai.model, messages: [{ role: 'user', content: 'x' }], response_format: zodResponseFormat(Draft, 'draft') });
      expect(answer.choices[0]?.message.parsed).toEqual({ reply: 'Try again later', confidence: 0.8 });
      expect(fake.chatRequests()[0]?.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'draft', strict: true } });
    });

    it('given tools, when the model calls one, then the SDK sees the call with its parsed arguments', async () => {
      const addItem = zodFunction({ name: 'add_item', parameters: z.object({ itemId: z.string(), quantity: z.number().int() }) });
      fake.enqueue({ toolCalls: [{ name: 'add_item', arguments: { itemId: 'burger', quantity: 2 } }] });
      const answer = await ai.client.chat.completions.parse({ model: ai.model, messages: [{ role: 'user', content: 'Two burgers' }], tools: [addItem] });
      const choice = answer.choices[0];
      expect(choice?.finish_reason).toBe('tool_calls');
      const call = choice?.message.tool_calls?.[0];
      expect(call?.type === 'function' && call.function.name).toBe('add_item');
      expect(call?.type === 'function' && call.function.parsed_arguments).toEqual({ itemId: 'burger', quantity: 2 });
      expect(fake.chatRequests()[0]?.tools?.[0]?.function.name).toBe('add_item');
    });

    it('given stream: true, then the text arrives in chunks that add up to the reply', async () => {
      fake.enqueue({ content: 'One two three.' });
      const stream = await ai.client.chat.completions.create({ model: ai.model, messages: [{ role: 'user', content: 'count' }], stream: true });
      let text = '';
      let chunks = 0;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        chunks += 1;
      }
      expect(text).toBe('One two three.');
      expect(chunks).toBeGreaterThan(3);
    });

    it('given a scripted API error, or a wrong key, then the SDK throws its typed errors', async () => {
      fake.enqueue({ error: { status: 429, message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } });
      await expect(ai.client.chat.completions.create({ model: ai.model, messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
      const wrong = createAi({ apiKey: 'sk-wrong', baseURL: fake.url }, { maxRetries: 0 });
      await expect(requireAi(wrong).client.models.list()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
    });

    it('given an endpoint added with route (audio for voice ordering), then the SDK reaches it', async () => {
      fake.route('POST', '/v1/audio/transcriptions', (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ text: 'two burgers please' }));
      });
      const file = new File([new Uint8Array(44)], 'input.wav', { type: 'audio/wav' });
      const transcript = await ai.client.audio.transcriptions.create({ model: 'whisper-1', file });
      expect(transcript.text).toBe('two burgers please');
      expect(fake.requests.at(-1)?.contentType).toMatch(/multipart\/form-data/);
    });
  });
});
