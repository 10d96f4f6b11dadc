import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal sheet on the native <dialog>: the browser keeps focus inside, Escape closes it, and focus
 * goes back where it was. Rendered only while open.
 */
export function Dialog({ labelledBy, onClose, children, testId, className }: { labelledBy: string; onClose(): void; children: ReactNode; testId?: string; className?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    const closed = () => onCloseRef.current();
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      returnTo?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={className ? `sf-dialog ${className}` : 'sf-dialog'}
      aria-labelledby={labelledBy}
      data-testid={testId}
      // A tap on the backdrop (the dialog element itself, outside its content) closes it.
      onClick={(event) => {
        if (event.target === ref.current) ref.current?.close();
      }}
    >
      {children}
    </dialog>
  );
}

/** The − n + control for a quantity. */
export function QuantityStepper({ value, onChange, label, min = 1, decreaseLabel, increaseLabel }: {
  value: number;
  onChange(next: number): void;
  label: string;
  min?: number;
  decreaseLabel: string;
  increaseLabel: string;
}) {
  return (
    <div className="sf-stepper" role="group" aria-label={label}>
      <button type="button" className="sf-icon-btn" aria-label={decreaseLabel} disabled={value <= min} onClick={() => onChange(value - 1)}>
        −
      </button>
      <output aria-live="polite">{value}</output>
      <button type="button" className="sf-icon-btn" aria-label={increaseLabel} onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  );
}
