import { useEffect, useRef } from 'react';
import Button from 'antd/es/button';
import { tagMessages as m } from './messages';
import './styles';

export interface ScanDialogProps {
  /** 'qr' shows the camera; 'nfc' asks for the tag to be held to the phone. */
  kind: 'qr' | 'nfc';
  /** The work while the dialog is open: it closes when this settles (an AbortError is a cancel). */
  run(signal: AbortSignal, video: HTMLVideoElement | null): Promise<void>;
  onClose(): void;
}

/** A modal while a QR code is scanned or an NFC tag read or written; Cancel (or Escape) stops it. */
export function ScanDialog({ kind, run, onClose }: ScanDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const runRef = useRef(run);
  const closeRef = useRef(onClose);

  useEffect(() => {
    const controller = new AbortController();
    dialog.current?.showModal();
    void runRef.current(controller.signal, video.current).finally(() => !controller.signal.aborted && closeRef.current());
    return () => controller.abort();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="tg-dialog"
      aria-labelledby="tg-scan-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="tg-scan-title">{kind === 'qr' ? m.scanTitle : m.nfcTitle}</h2>
      <p>{kind === 'qr' ? m.scanHint : m.nfcHint}</p>
      {kind === 'qr' && <video ref={video} muted playsInline aria-label={m.scanTitle} />}
      <Button onClick={onClose}>{m.cancel}</Button>
    </dialog>
  );
}
