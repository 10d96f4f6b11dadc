import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useAlerts } from '../alerts-antd';
import { apiKeyMessages as m } from './messages';

/** The one time a new key's secret is shown (seed 002 §8), with a Copy button. */
export function SecretDialog({ apiKey, onClose }: { apiKey: string | null; onClose(): void }) {
  const alerts = useAlerts();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey ?? '');
      alerts.success(m.copied);
    } catch {
      alerts.error('The API key could not be copied; select it and copy it by hand.');
    }
  };
  return (
    <Modal
      open={apiKey !== null}
      title="Your API Key"
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
      <p>{m.viewOnce}</p>
      <code className="ts-secret" data-testid="api-key-secret" aria-label="API key">
        {apiKey}
      </code>
    </Modal>
  );
}
