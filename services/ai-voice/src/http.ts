import { Router, type Request, type Response } from 'express';
import { tooManyRequests, unauthorized, unavailable, validationFailed, type ServiceDeps } from '@seatside/chassis';
import type { Ai } from '@seatside/chassis/src/ai';
import { pcm16ToFloat32, SAMPLE_RATE } from './audio';
import { cartOnMenu, type Cart } from './cart';
import { voiceMessages as m } from './messages';
import type { VoiceOptions } from './options';
import { voiceOrderOf } from './order';
import type { Platform } from './platform';
import { orderTokenOf, signOrderToken, type TokenKey } from './token';
import { readTurnForm } from './multipart';
import { converse, transcribe, type HistoryEntry } from './turn';

export interface VoiceContext {
  deps: ServiceDeps;
  ai: Ai;
  options: VoiceOptions;
  platform: Platform;
  key: TokenKey;
}

const clientOf = (req: Request) => req.ip ?? 'unknown';
const cartKey = (sessionId: string) => `ai-voice:cart:${sessionId}`;

/** Counts a hit; over the limit, answers 429 with Retry-After (whole seconds). */
async function limit(ctx: VoiceContext, res: Response, key: string, max: number, message: string): Promise<void> {
  const decision = await ctx.deps.kv.rateLimiter.hit(key, max, ctx.options.limits.windowMs);
  if (decision.allowed) return;
  res.setHeader('Retry-After', String(Math.max(1, Math.ceil(decision.resetMs / 1000))));
  throw tooManyRequests(message);
}

const notConfigured = () => unavailable(m.notConfigured, 'ai_not_configured');

/** The `message` field: a JSON list of history entries; anything else is a 400. */
function historyOf(text: string | undefined): HistoryEntry[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw validationFailed(m.messageInvalid, { message: m.messageInvalid });
  }
  if (!Array.isArray(value)) throw validationFailed(m.messageInvalid, { message: m.messageInvalid });
  return value.flatMap((entry: unknown) => {
    if (!entry || typeof entry !== 'object') return [];
    const { role, content } = entry as { role?: unknown; content?: unknown };
    if ((role !== 'user' && role !== 'assistant') || typeof content !== 'string' || !content.trim()) return [];
    return [{ role, content: content.slice(0, 2000) }];
  });
}

/** `?testMode=true` (the sandbox site) or `false`/absent (production), as the storefront reads it. */
function testModeOf(value: unknown): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw validationFailed(m.testModeInvalid, { testMode: m.testModeInvalid });
}

const headerText = (text: string) => encodeURIComponent(text);

/**
 * Voice ordering (docs/voice-api.md): an order token per page visit, then one turn per utterance,
 * answered with the transcript, the reply and the priced order in headers and the reply's speech as
 * raw float32 at 24 kHz in the body, streamed as the speech arrives.
 */
export function voiceRouter(ctx: VoiceContext): Router {
  const router = Router();

  router.post('/v1/merchants/:merchantId/voice/token', async (req, res) => {
    await limit(ctx, res, `ai-voice:tokens:${clientOf(req)}`, ctx.options.limits.tokensPerWindow, m.tooManyTokens);
    const testMode = testModeOf(req.query.testMode);
    if (!ctx.ai.configured) throw notConfigured();
    const menu = await ctx.platform.menu(req.params.merchantId, testMode);
    const expiresAt = ctx.deps.now().getTime() + ctx.options.tokenTtlMs;
    const token = signOrderToken(await ctx.key.get(), { merchantId: menu.merchantId, sessionId: ctx.deps.newId(), expiresAt, testMode });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ token, expiresAt: new Date(expiresAt).toISOString(), sampleRate: SAMPLE_RATE });
  });

  router.post('/api/ai/order/vertex', async (req, res) => {
    const claims = req.principal ? orderTokenOf(req.principal.claims) : undefined;
    if (!claims?.sessionId) {
      req.resume();
      throw unauthorized(m.tokenRequired, 'sign_in_required');
    }
    const merchantHeader = req.get('merchantId');
    if (merchantHeader && merchantHeader !== claims.merchantId) {
      req.resume();
      throw unauthorized(m.tokenOtherMerchant, 'token_invalid');
    }
    await Promise.all([
      limit(ctx, res, `ai-voice:turns:${claims.sessionId}`, ctx.options.limits.turnsPerWindow, m.tooManyTurns),
      limit(ctx, res, `ai-voice:turns-ip:${clientOf(req)}`, ctx.options.limits.turnsPerWindow * 2, m.tooManyTurns),
    ]).catch((err: unknown) => {
      req.resume();
      throw err;
    });
    if (!ctx.ai.configured) {
      req.resume();
      throw notConfigured();
    }
    const ai = ctx.ai;
    const form = await readTurnForm(req);
    if (form.fields.merchantId && form.fields.merchantId !== claims.merchantId) throw unauthorized(m.tokenOtherMerchant, 'token_invalid');
    const history = historyOf(form.fields.message);
    const models = { client: ai.client, chatModel: ai.model, transcribeModel: ctx.options.transcribeModel };
    const typed = form.fields.input?.trim();
    if (!typed && !form.audio) throw validationFailed(m.inputRequired, { input: m.inputRequired });
    // One round trip each, side by side: the menu (cached per merchant), the stored cart, the words.
    const [menu, saved, transcript] = await Promise.all([
      ctx.platform.menu(claims.merchantId, claims.testMode === true),
      ctx.deps.kv.cache.get<Cart>(cartKey(claims.sessionId)),
      typed ? Promise.resolve(typed.slice(0, 2000)) : transcribe(models, form.audio!),
    ]);
    if (!transcript) throw validationFailed(m.nothingHeard, { input: m.nothingHeard });
    const turn = await converse(models, menu, cartOnMenu(menu, saved ?? []), history, transcript);
    if (!turn.reply) throw unavailable(m.platformUnavailable);
    // The price, the stored cart and the speech do not wait for one another: the first audio byte
    // leaves as soon as the speech starts and the quote has answered.
    const speaking = ai.client.audio.speech.create({ model: ctx.options.speechModel, voice: ctx.options.speechVoice, input: turn.reply, response_format: 'pcm' });
    const quoting = Promise.all([ctx.platform.quote(menu, turn.cart), ctx.deps.kv.cache.set(cartKey(claims.sessionId), turn.cart, ctx.options.tokenTtlMs)]);
    const [priced, spoken] = await Promise.allSettled([quoting, speaking]);
    if (priced.status === 'rejected') {
      if (spoken.status === 'fulfilled') await spoken.value.body?.cancel().catch(() => undefined);
      throw priced.reason;
    }
    if (spoken.status === 'rejected') throw spoken.reason;
    const order = voiceOrderOf(menu, turn.cart, priced.value[0]);
    const speech = spoken.value;
    if (!speech.body) throw unavailable(m.platformUnavailable);
    res.status(200).set({
      'Content-Type': 'application/octet-stream',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      transcript: headerText(transcript),
      reply: headerText(turn.reply),
      order: headerText(JSON.stringify(order)),
      'sample-rate': String(SAMPLE_RATE),
      'audio-format': 'f32le',
      'Access-Control-Expose-Headers': 'transcript, reply, order, sample-rate, audio-format',
    });
    res.flushHeaders();
    // Each chunk of speech is written as soon as it arrives (no stream pipeline in between); a diner
    // who leaves stops the speech.
    const toFloat32 = pcm16ToFloat32();
    const reader = speech.body.getReader();
    const gone = () => void reader.cancel().catch(() => undefined);
    res.once('close', gone);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || res.destroyed) break;
        const out = toFloat32(value);
        if (out.length > 0 && !res.write(out)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
      }
    } catch {
      // The speech broke off after the headers went: the answer ends where it is.
    } finally {
      res.off('close', gone);
    }
    res.end();
  });

  return router;
}
