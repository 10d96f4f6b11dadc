import { useEffect, useRef, useState } from 'react';
import { usePageTitle } from '@seatside/ui/src/title';

/** The page's words (seed 000 §2 "Tag activation page"). */
export const tagActivationMessages = {
  title: 'Tag activation',
  lead: 'A tag carries where a guest sits. Tap Activate to write a demo link to an NFC tag.',
  activate: 'Activate',
  dialogTitle: 'Write to tag',
  holdTag: 'Hold an NFC tag against the back of your phone, then tap Write.',
  write: 'Write',
  writing: 'Waiting for a tag… keep it against the phone.',
  written: 'Done: the tag now opens the demo link.',
  unsupported:
    'This browser cannot write NFC tags. Web NFC works in Chrome on Android phones; open this page there to write a tag. On other devices, a printed QR code with the same link does the same job.',
  close: 'Close',
} as const;

const m = tagActivationMessages;

type NdefWriter = { write(message: { records: { recordType: 'url'; data: string }[] }, options?: { signal?: AbortSignal }): Promise<void> };

/** The demo link written to the tag: a tag URL has the shape /tag/{code} (seed 000 §2). */
const demoUrl = () => `${window.location.origin}/tag/demo`;

function WriteDialog({ onClose }: { onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [status, setStatus] = useState('');
  const Reader = (window as Window & { NDEFReader?: new () => NdefWriter }).NDEFReader;

  useEffect(() => {
    dialog.current?.showModal();
    return () => controller.current?.abort();
  }, []);

  const write = async () => {
    if (!Reader) return;
    controller.current?.abort();
    controller.current = new AbortController();
    setStatus(m.writing);
    try {
      await new Reader().write({ records: [{ recordType: 'url', data: demoUrl() }] }, { signal: controller.current.signal });
      setStatus(m.written);
    } catch (error) {
      setStatus(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="mk-write-title"
      style={{ border: 0, borderRadius: 12, padding: 24, maxWidth: 440, width: 'calc(100% - 32px)' }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="mk-write-title" style={{ marginTop: 0 }}>
        {m.dialogTitle}
      </h2>
      {Reader ? (
        <>
          <p>{m.holdTag}</p>
          <p>
            <code>{demoUrl()}</code>
          </p>
          <p role="status">{status}</p>
          <button type="button" className="mk-btn" onClick={() => void write()}>
            {m.write}
          </button>{' '}
        </>
      ) : (
        <p data-testid="nfc-unsupported">{m.unsupported}</p>
      )}
      <button type="button" className="mk-btn mk-btn-ghost" onClick={onClose}>
        {m.close}
      </button>
    </dialog>
  );
}

/** Seed 000 §2: the tag activation demo, an Activate button that opens a write-to-tag dialog. */
export default function TagActivation() {
  usePageTitle(m.title);
  const [open, setOpen] = useState(false);
  return (
    <div className="mk-container mk-page-head">
      <h1>{m.title}</h1>
      <p className="mk-lead">{m.lead}</p>
      <button type="button" className="mk-btn" onClick={() => setOpen(true)}>
        {m.activate}
      </button>
      {open && <WriteDialog onClose={() => setOpen(false)} />}
    </div>
  );
}
