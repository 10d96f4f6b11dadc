/** The two steps of seed 000 §4 as a plain ordered list (antd Steps would add a shared chunk for two labels). */
const steps = ['Find your business', 'Name and handle'];

export function StepsHeader({ step }: { step: 0 | 1 }) {
  return (
    <ol className="reg-steps" aria-label="Steps">
      {steps.map((label, i) => (
        <li key={label} className={i === step ? 'reg-step reg-step-current' : i < step ? 'reg-step reg-step-done' : 'reg-step'} aria-current={i === step ? 'step' : undefined}>
          <span className="reg-step-number" aria-hidden>
            {i + 1}
          </span>
          {label}
        </li>
      ))}
    </ol>
  );
}
