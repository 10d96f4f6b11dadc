// The browser's voice-activity detector (seed 000 §2, §9): Silero's model as @ricky0123/vad-web ships
// it, run by onnxruntime-web's WebAssembly build. The model, the worklet and the runtime's .wasm are
// copied into the storefront's own build (rsbuild.config.ts, `vad/`): nothing is downloaded from
// anywhere else at run time. This module is its own chunk, loaded by the voice page only.
import { MicVAD, utils } from '@ricky0123/vad-web';
import { detectorSettings, type Browser } from './turn';

/** Where the build puts the detector's files (the storefront remote's own folder). */
export const VAD_ASSET_PATH = '/remotes/storefront/vad/';

export interface Detector {
  start(): Promise<void>;
  pause(): Promise<void>;
  destroy(): Promise<void>;
}

export interface DetectorEvents {
  onSpeechStart(): void;
  onMisfire(): void;
  /** A finished utterance as a 16 kHz WAV recording. */
  onSpeechEnd(wav: Blob): void;
}

/** Loads the model (no microphone yet: `start()` asks for it). Throws when the detector cannot load. */
export async function loadDetector(browser: Browser, events: DetectorEvents): Promise<Detector> {
  const settings = detectorSettings(browser);
  return MicVAD.new({
    model: 'legacy',
    startOnLoad: false,
    baseAssetPath: VAD_ASSET_PATH,
    onnxWASMBasePath: VAD_ASSET_PATH,
    positiveSpeechThreshold: settings.positiveSpeechThreshold,
    negativeSpeechThreshold: settings.negativeSpeechThreshold,
    minSpeechMs: settings.minSpeechMs,
    ortConfig: (ort) => {
      ort.env.logLevel = 'error';
      ort.env.wasm.numThreads = settings.numThreads;
    },
    onSpeechStart: () => events.onSpeechStart(),
    onVADMisfire: () => events.onMisfire(),
    onSpeechEnd: (audio) => events.onSpeechEnd(new Blob([utils.encodeWAV(audio, 1, 16_000, 1, 16)], { type: 'audio/wav' })),
  });
}
