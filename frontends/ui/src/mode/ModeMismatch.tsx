import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import App from 'antd/es/app';
import { modeMessages, modeName } from './messages';
import { useTestMode } from './store';

export interface ModeMismatchProps {
  /** The record's kind as a person reads it: 'Coupon', 'Product'. */
  entity: string;
  /** Where Cancel goes: the record's list. */
  listPath: string;
}

/**
 * Seed 001 §4: a record of the other mode is opened. Asks 'X is not available in Sandbox mode.
 * Would you like to switch back to Production?'; OK toggles the mode, Cancel returns to the list.
 * Render it while the modes differ; it shows the prompt once. Inside a <UiProvider>.
 */
export function ModeMismatch({ entity, listPath }: ModeMismatchProps) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    const { testMode, setTestMode } = useTestMode.getState();
    const prompt = modal.confirm({
      title: modeMessages.notAvailable(entity, testMode),
      okText: `Switch to ${modeName(!testMode)}`,
      cancelText: 'Back to the list',
      onOk: () => setTestMode(!testMode),
      onCancel: () => void navigate(listPath),
    });
    return () => {
      // Unmounted without an answer (the mode changed elsewhere): the question no longer applies.
      prompt.destroy();
      asked.current = false;
    };
  }, [entity, listPath, modal, navigate]);

  return null;
}
