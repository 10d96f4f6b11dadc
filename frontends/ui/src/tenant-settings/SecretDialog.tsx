import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useAlerts } from '../alerts-antd';
import { apiKeyMessages as m } from './messages';

/** What a secret dialog says: its title, the view-once note, the copied toast and the secret's name. */
export interface SecretWords {
  title: string;
  once: string;
  copied: string;
  /** The secret's name for the screen reader ('API key', 'Signing secret'). */
  label: string;
  /** Its name inside a sentence ('API key', 'secret'). */
  noun: string;
  testId: string;
}

/** A new API key's secret (seed 002 §8). */
const API_KEY_WORDS: SecretWords = { title: 'Your API Key', once: m.viewOnce, copied: m.copied, label: 'API key', noun: 'API key', testId: 'api-key-secret' };

/** The one time a new secret is shown (an API key's by default), with a Copy button. */
export function SecretDialog({ secret, onClose, words = API_KEY_WORDS }: { secret: string | null; onClose(): void; words?: SecretWords }) {
  const alerts = useAlerts();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      alerts.success(words.copied);
    } catch {
      alerts.error(`The ${words.noun} could not be copied; select it and copy it by hand.`);
    }
  };
  return (
    <Modal
      open={secret !== null}
      title={words.title}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="copy" onClick={() => void copy()}>
          Copy
        </Button>,
        <Button key="done" type="primary" onClick={onClose}>
          Done
        </Button>,
      ]}
    >
      <p>{words.once}</p>
      <code className="ts-secret" data-testid={words.testId} aria-label={words.label}>
        {secret}
      </code>
    </Modal>
  );
}
