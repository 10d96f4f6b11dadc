// The browser's scanners (Web NFC's NDEFReader, the Shape Detection API's BarcodeDetector), typed
// here since TypeScript's DOM library has neither. Each is used only where the browser has it.

interface NdefReadingEvent extends Event {
  serialNumber: string;
}

interface NdefReader extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  write(message: { records: { recordType: 'url'; data: string }[] }, options?: { signal?: AbortSignal; overwrite?: boolean }): Promise<void>;
  onreading: ((event: NdefReadingEvent) => void) | null;
  onreadingerror: ((event: Event) => void) | null;
}

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

type ScannerWindow = Window & {
  NDEFReader?: new () => NdefReader;
  BarcodeDetector?: new (options?: { formats: string[] }) => BarcodeDetectorLike;
};

const scannerWindow = () => (typeof window === 'undefined' ? undefined : (window as ScannerWindow));

/** Web NFC exists (Chrome on Android). */
export const canUseNfc = (): boolean => !!scannerWindow() && 'NDEFReader' in window;

/** The browser can read a QR code from the camera. */
export const canScanQr = (): boolean => !!scannerWindow() && 'BarcodeDetector' in window && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** Waits for an NFC tag and answers its serial number; the reader stays usable for `writeUrl`. */
export async function readNfcSerial(signal: AbortSignal): Promise<{ serial: string; reader: NdefReader }> {
  const Reader = scannerWindow()?.NDEFReader;
  if (!Reader) throw new Error('This browser cannot use NFC.');
  const reader = new Reader();
  await reader.scan({ signal });
  const serial = await new Promise<string>((resolve, reject) => {
    reader.onreading = (event) => resolve(event.serialNumber);
    reader.onreadingerror = () => reject(new Error('The NFC tag could not be read. Try again.'));
    signal.addEventListener('abort', () => reject(new DOMException('Cancelled', 'AbortError')), { once: true });
  });
  return { serial, reader };
}

/** Writes a URL record to the NFC tag held to the phone. */
export async function writeNfcUrl(url: string, signal: AbortSignal, reader?: NdefReader): Promise<void> {
  const Reader = scannerWindow()?.NDEFReader;
  const writer = reader ?? (Reader ? new Reader() : undefined);
  if (!writer) throw new Error('This browser cannot use NFC.');
  await writer.write({ records: [{ recordType: 'url', data: url }] }, { signal });
}

/** Reads one QR code from the camera shown in `video`; stops the camera when done or aborted. */
export async function scanQr(video: HTMLVideoElement | null, signal: AbortSignal): Promise<string> {
  const Detector = scannerWindow()?.BarcodeDetector;
  if (!Detector || !video) throw new Error('This browser cannot scan QR codes.');
  const detector = new Detector({ formats: ['qr_code'] });
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
  try {
    video.srcObject = stream;
    await video.play();
    while (!signal.aborted) {
      const codes = await detector.detect(video).catch(() => []);
      if (codes[0]?.rawValue) return codes[0].rawValue;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new DOMException('Cancelled', 'AbortError');
  } finally {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  }
}
