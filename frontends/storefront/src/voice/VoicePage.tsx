import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { cartStore } from '../cart/store';
import { formatMinor, toMinor } from '../domain/money';
import type { StorefrontDocument } from '../domain/types';
import { Page } from '../Frame';
import { voiceMessages as m } from './messages';
import { Link, navigate } from '../router';
import { inMode } from '../useStorefront';
import { useStoreTitle } from '../title';
import type { Detector } from './detector';
import { answerOf, browserOf, cartLinesOf, detectorSettings, float32Chunker, VOICE_SAMPLE_RATE, type HistoryEntry, type VoiceOrder } from './turn';

/** The voice page's own layout (in its chunk, not the storefront's first-visit stylesheet). */
const css = `
.sf-voice{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,1fr);gap:24px;padding:16px;max-width:1100px;margin:0 auto}
@media (max-width:720px){.sf-voice{grid-template-columns:1fr}}
.sf-voice-talk,.sf-voice-summary{display:flex;flex-direction:column;gap:12px}
.sf-voice-summary{border:1px solid var(--sf-line);border-radius:12px;padding:12px;align-self:start}
.sf-voice-state{font-size:18px;font-weight:600}
.sf-voice-log{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.sf-voice-log li{padding:8px 12px;border-radius:12px;background:#f2f2f2;color:#111}
.sf-voice-log li[data-role="assistant"]{background:#e8f0ff}
.sf-voice-form{display:grid;grid-template-columns:1fr auto;gap:8px;align-items:end}
`;

function useVoiceStyles() {
  useEffect(() => {
    if (document.getElementById('sf-voice-css')) return;
    const style = document.createElement('style');
    style.id = 'sf-voice-css';
    style.textContent = css;
    document.head.appendChild(style);
  }, []);
}

/** Seed 000 §4: loading, then the idle prompt, then listening, processing, and the assistant speaking. */
export type VoiceState = 'loading' | 'idle' | 'listening' | 'processing' | 'speaking';

const seg = encodeURIComponent;

/** This visit's client id (the turn's `clientId` field): one per tab. */
function clientId(): string {
  const key = 'seatside.voice.client';
  try {
    const known = sessionStorage.getItem(key);
    if (known) return known;
    const made = crypto.getRandomValues(new Uint32Array(4)).join('-');
    sessionStorage.setItem(key, made);
    return made;
  } catch {
    return 'anonymous';
  }
}

/**
 * `POST /v1/merchants/{id}/voice/token`: the order token (on the sandbox site, `?testMode=true`, one
 * that orders from the sandbox catalog), or 'unconfigured' when the platform has no model.
 */
async function orderToken(merchantId: string, testMode: boolean): Promise<string | 'unconfigured' | null> {
  try {
    const res = await fetch(`/v1/merchants/${seg(merchantId)}/voice/token${testMode ? '?testMode=true' : ''}`, { method: 'POST' });
    // Only the service's own word says so: any 503 (a store restarting, say) is not "not configured".
    if (res.status === 503 && ((await res.json().catch(() => ({}))) as { code?: string }).code === 'ai_not_configured') return 'unconfigured';
    if (!res.ok) return null;
    return ((await res.json()) as { token?: string }).token ?? null;
  } catch {
    return null;
  }
}

/**
 * Plays raw float32 24 kHz audio as it arrives: each chunk is queued right after the one before on
 * one AudioContext. Resolves when the last sample has played.
 */
async function playStream(context: AudioContext | null, body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  const samplesOf = float32Chunker();
  let playUntil = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const samples = samplesOf(value);
    if (!context || context.state !== 'running' || samples.length === 0) continue;
    const buffer = context.createBuffer(1, samples.length, VOICE_SAMPLE_RATE);
    buffer.copyToChannel(samples, 0);
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    const at = Math.max(context.currentTime, playUntil);
    source.start(at);
    playUntil = at + buffer.duration;
  }
  if (context && context.state === 'running' && playUntil > context.currentTime) {
    await new Promise((resolve) => setTimeout(resolve, (playUntil - context.currentTime) * 1000));
  }
}

/**
 * AI voice ordering at /{handle}/voice (seed 000 §2, §4, §7, §8): the diner speaks (the browser's
 * voice-activity detector cuts the utterance) or types, the assistant answers aloud while the order
 * summary fills in, and Checkout hands the order to the storefront's normal checkout.
 */
export default function VoicePage({ doc, handle, testMode }: { doc: StorefrontDocument; handle: string; testMode: boolean }) {
  useVoiceStyles();
  useStoreTitle(m.voiceTitle, doc.merchant.name);
  const merchantId = doc.merchant.id;
  const [state, setState] = useState<VoiceState>('loading');
  const [unconfigured, setUnconfigured] = useState(false);
  const [detectorFailed, setDetectorFailed] = useState(false);
  const [micOn, setMicOn] = useState(false);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [order, setOrder] = useState<VoiceOrder | null>(null);
  const [typed, setTyped] = useState('');
  const inputId = useId();

  const token = useRef<string | null>(null);
  const detector = useRef<Detector | null>(null);
  const audio = useRef<AudioContext | null>(null);
  const busy = useRef(false);
  const listening = useRef(false);
  const historyRef = useRef<HistoryEntry[]>([]);
  const settings = detectorSettings(browserOf(navigator.userAgent));

  const rest = useCallback(() => setState(listening.current ? 'listening' : 'idle'), []);

  /** The page's AudioContext at 24 kHz, made (or resumed) on the diner's gesture. */
  const audioContext = useCallback((): AudioContext | null => {
    try {
      audio.current ??= new AudioContext({ sampleRate: VOICE_SAMPLE_RATE });
      void audio.current.resume().catch(() => undefined);
    } catch (err) {
      console.error('Audio playback is unavailable', err);
    }
    return audio.current;
  }, []);

  const send = useCallback(
    async (input: Blob | string) => {
      if (busy.current || !token.current) return;
      busy.current = true;
      setState('processing');
      const began = performance.now();
      try {
        const form = new FormData();
        form.set('merchantId', merchantId);
        form.set('clientId', clientId());
        form.set('auth', JSON.stringify({}));
        if (typeof input === 'string') form.set('input', input);
        else form.set('input', input, 'input.wav');
        form.set('message', JSON.stringify(historyRef.current));
        const res = await fetch('/api/ai/order/vertex', { method: 'POST', headers: { Authorization: `Bearer ${token.current}`, merchantId }, body: form }).catch(() => null);
        if (res?.status === 401) void orderToken(merchantId, testMode).then((fresh) => fresh && fresh !== 'unconfigured' && (token.current = fresh));
        const answer = res ? answerOf(res.ok, res.headers, Boolean(res.body)) : null;
        // Seed 000 §8: a non-ok answer, or one without its transcript, reply or body, is dropped silently.
        if (!res?.body || !answer) {
          await res?.body?.cancel().catch(() => undefined);
          return;
        }
        const latency = Math.round(performance.now() - began);
        historyRef.current = [...historyRef.current, { role: 'user', content: answer.transcript, latency: 0 }, { role: 'assistant', content: answer.reply, latency }];
        setHistory(historyRef.current);
        if (answer.order) setOrder(answer.order);
        setState('speaking');
        const pause = settings.pauseWhileSpeaking && listening.current && detector.current;
        if (pause) await detector.current!.pause();
        try {
          await playStream(audio.current, res.body);
        } finally {
          if (pause && listening.current) await detector.current!.start().catch((err: unknown) => console.error('The voice detector could not resume', err));
        }
      } finally {
        busy.current = false;
        rest();
      }
    },
    [merchantId, testMode, rest, settings.pauseWhileSpeaking],
  );

  const sendRef = useRef(send);
  sendRef.current = send;

  useEffect(() => {
    let live = true;
    /** Whether there is a model to talk to (an answer other than 'Voice ordering is not configured'). */
    const tokenLoad = orderToken(merchantId, testMode).then((answer) => {
      if (!live) return false;
      if (answer === 'unconfigured') {
        setUnconfigured(true);
        return false;
      }
      token.current = answer;
      return true;
    });
    // The detector's code comes along at once; its runtime and model (about 16 MB) only once the
    // platform has said it can take a voice order (a page that says 'not configured' loads none of it).
    const detectorLoad = Promise.all([import('./detector'), tokenLoad])
      .then(([{ loadDetector }, configured]) =>
        configured && live
          ? loadDetector(browserOf(navigator.userAgent), {
              onSpeechStart: () => undefined,
              onMisfire: () => undefined,
              onSpeechEnd: (wav) => void sendRef.current(wav),
            })
          : null,
      )
      .then(
        (loaded) => {
          if (!loaded) return;
          if (live) detector.current = loaded;
          else void loaded.destroy();
        },
        (err: unknown) => {
          console.error('The voice detector failed to load', err);
          if (live) setDetectorFailed(true);
        },
      );
    void Promise.all([tokenLoad, detectorLoad]).then(() => live && setState('idle'));
    return () => {
      live = false;
      listening.current = false;
      void detector.current?.destroy();
      detector.current = null;
      void audio.current?.close().catch(() => undefined);
      audio.current = null;
    };
  }, [merchantId, testMode]);

  const startListening = async () => {
    audioContext();
    if (!detector.current) return;
    try {
      await detector.current.start();
      listening.current = true;
      setMicOn(true);
      if (!busy.current) setState('listening');
    } catch (err) {
      // Seed 000 §8: a microphone refusal is only logged; the text box still takes the order.
      console.error('Microphone access failed', err);
    }
  };

  const stopListening = async () => {
    listening.current = false;
    setMicOn(false);
    await detector.current?.pause().catch(() => undefined);
    if (!busy.current) setState('idle');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    if (!text) return;
    audioContext();
    setTyped('');
    void send(text);
  };

  const checkout = () => {
    if (!order) return;
    const store = cartStore(handle, testMode);
    store.setState({ lines: cartLinesOf(order), checkoutKey: null });
    navigate(`/${handle}/checkout${testMode ? '?testMode=true' : ''}`);
  };

  const currency = order?.checkout.currency ?? doc.merchant.checkoutOptions?.currency ?? 'USD';
  const lines = order?.lineItems ?? [];
  // Without the detector there is no Start talking button: the idle prompt asks for the typed order only.
  const statusText = { loading: m.loading, idle: detectorFailed ? m.voiceTypePrompt : m.voicePrompt, listening: m.voiceListening, processing: m.voiceProcessing, speaking: m.voiceSpeaking }[state];

  // The way back to the menu, as checkout has it: a diner who came to talk may rather tap.
  const menuLink = <Link to={inMode(`/${handle}`, testMode)}>{m.backToMenu}</Link>;

  if (unconfigured) {
    return (
      <Page doc={doc}>
        <div className="sf-center">
          <h1>{doc.merchant.name}</h1>
          <p className="sf-alert" role="alert" data-testid="voice-not-configured">
            {m.voiceNotConfigured}
          </p>
          {menuLink}
        </div>
      </Page>
    );
  }

  return (
    <Page doc={doc} busy={state === 'loading'}>
      <div className="sf-voice">
        <section className="sf-voice-talk" aria-labelledby={`${inputId}-title`}>
          {menuLink}
          <h1 id={`${inputId}-title`}>{doc.merchant.name}</h1>
          <p className="sf-voice-state" role="status" data-testid="voice-state" data-state={state}>
            {statusText}
          </p>
          {detectorFailed ? (
            <p className="sf-error" role="alert" data-testid="voice-detector-failed">
              {m.voiceDetectorFailed}
            </p>
          ) : null}
          {state !== 'loading' && !detectorFailed ? (
            micOn ? (
              <button type="button" className="sf-btn sf-btn-ghost" onClick={() => void stopListening()}>
                {m.voiceStop}
              </button>
            ) : (
              <button type="button" className="sf-btn" onClick={() => void startListening()}>
                {m.voiceStart}
              </button>
            )
          ) : null}
          <ol className="sf-voice-log" aria-label={m.voiceConversation} data-testid="voice-conversation">
            {history.map((entry, i) => (
              <li key={i} data-role={entry.role}>
                <strong>{entry.role === 'user' ? m.voiceYou : m.voiceAssistant}</strong> {entry.content}
              </li>
            ))}
          </ol>
          <form className="sf-voice-form" onSubmit={submit}>
            <div className="sf-field">
              <label htmlFor={inputId} className="sf-visually-hidden">
                {m.voiceTypeLabel}
              </label>
              <input id={inputId} value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={m.voiceTypeLabel} disabled={state === 'loading'} autoComplete="off" />
            </div>
            <button type="submit" className="sf-btn" disabled={state === 'loading' || state === 'processing'}>
              {m.voiceSend}
            </button>
          </form>
        </section>
        {lines.length > 0 ? (
          <section className="sf-voice-summary" aria-label={m.voiceSummary} data-testid="voice-summary">
            <h2>{m.voiceSummary}</h2>
            <ul className="sf-lines">
              {lines.map((line) => (
                <li key={`${line.productId}|${JSON.stringify(line.modifiers)}`} data-testid="voice-line">
                  <strong>
                    {line.quantity} × {line.title}
                  </strong>
                  <span>{formatMinor(toMinor(line.price) * line.quantity, currency)}</span>
                  {line.options && line.options.length > 0 ? <span className="sf-hint">{line.options.join(', ')}</span> : null}
                </li>
              ))}
            </ul>
            <p className="sf-row" data-testid="voice-subtotal">
              <span>{m.subtotal}</span> <span>{formatMinor(lines.reduce((sum, l) => sum + toMinor(l.price) * l.quantity, 0), currency)}</span>
            </p>
            <button type="button" className="sf-btn" onClick={checkout}>
              {m.checkout}
            </button>
          </section>
        ) : null}
      </div>
    </Page>
  );
}
