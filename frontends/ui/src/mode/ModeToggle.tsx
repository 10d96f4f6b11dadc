import Switch from 'antd/es/switch';
import { modeMessages } from './messages';
import { useTestMode } from './store';

/** The header's sandbox/production switch (seed 001 §4). Inside a <UiProvider>. */
export function ModeToggle() {
  const testMode = useTestMode((s) => s.testMode);
  const setTestMode = useTestMode((s) => s.setTestMode);
  return (
    <label className="ss-mode-toggle" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontWeight: 500 }}>
      <span>{testMode ? 'Sandbox' : 'Production'}</span>
      <Switch checked={testMode} onChange={setTestMode} aria-label={modeMessages.toggleLabel} data-testid="mode-toggle" />
    </label>
  );
}
