import { useState } from 'react';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel?: string;
  /** Resolves when done; the dialog shows a busy button meanwhile. The caller closes it. */
  onConfirm(): Promise<void>;
  onCancel(): void;
}

/** A destructive confirmation (Delete User, delete API key). */
export function ConfirmDialog({ open, title, text, confirmLabel = 'Delete', onConfirm, onCancel }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>,
        <Button key="confirm" danger type="primary" loading={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>,
      ]}
    >
      <p>{text}</p>
    </Modal>
  );
}
