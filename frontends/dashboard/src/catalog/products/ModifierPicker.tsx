import { useEffect, useState } from 'react';
import { api, errorMessage, type ListPage } from '@seatside/ui/src/lists';
import { modifiersPath, type Modifier } from '../modifiers/api';

export interface ModifierPickerProps {
  id?: string;
  merchantId: string;
  testMode: boolean;
  value?: string[];
  onChange?(value: string[]): void;
}

/** The modifiers a product offers (seed 001 §3 `modifiers`): the mode's modifiers by title, ticked to attach. */
export function ModifierPicker({ id, merchantId, testMode, value = [], onChange }: ModifierPickerProps) {
  const [modifiers, setModifiers] = useState<Modifier[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<ListPage<Modifier>>(modifiersPath(merchantId), { query: { testMode, sort: 'title', order: 'asc', limit: 100 }, signal: controller.signal })
      .then((page) => setModifiers(page.data), (err: unknown) => !controller.signal.aborted && setError(err));
    return () => controller.abort();
  }, [merchantId, testMode]);
  if (error !== undefined) return <p role="alert">{errorMessage(error)}</p>;
  if (!modifiers) return <p>Loading…</p>;
  if (modifiers.length === 0) return <p id={id}>No modifiers yet. Create one under Modifiers to offer it here.</p>;
  const toggle = (modifierId: string) => onChange?.(value.includes(modifierId) ? value.filter((v) => v !== modifierId) : [...value, modifierId]);
  return (
    <ul className="ls-picker" id={id} data-testid="modifier-picker">
      {modifiers.map((modifier) => (
        <li key={modifier.id}>
          <label>
            <input type="checkbox" checked={value.includes(modifier.id)} onChange={() => toggle(modifier.id)} />
            {modifier.title}
          </label>
        </li>
      ))}
    </ul>
  );
}
