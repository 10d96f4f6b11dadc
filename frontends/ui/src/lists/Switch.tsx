import './styles';

export interface SwitchProps {
  id?: string;
  value?: boolean;
  onChange?(value: boolean): void;
  /** The text beside the switch for on and off (Active / Inactive). */
  onText: string;
  offText: string;
  disabled?: boolean;
}

/** An on/off switch as a form control (antd Form.Item gives it id, value and onChange). Plain, no antd. */
export function Switch({ id, value = false, onChange, onText, offText, disabled }: SwitchProps) {
  return (
    <button type="button" role="switch" id={id} aria-checked={value} className="ls-switch" disabled={disabled} onClick={() => onChange?.(!value)}>
      <span className="ls-switch-track" aria-hidden="true" />
      <span>{value ? onText : offText}</span>
    </button>
  );
}

/** A form field's hint in the page's muted text colour (antd's description grey is too light for AA). */
export function Hint({ children }: { children: string }) {
  return <span style={{ color: '#4b5563' }}>{children}</span>;
}
