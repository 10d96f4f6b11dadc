import { useId, useMemo, useRef, useState } from 'react';
import { lineKey, lineModifiers, type CartLine } from '../cart/lines';
import { formatMajor, formatMinor } from '../domain/money';
import { initialSelections, selectionErrors, selectionHint, toggleOption, unitPriceMinor, type Selections } from '../domain/selections';
import type { StorefrontModifier, StorefrontProduct } from '../domain/types';
import { storefrontMessages as m } from '../messages';
import { Dialog, QuantityStepper } from '../parts/Dialog';

function ModifierChoices({ modifier, chosen, error, onToggle, currency }: {
  modifier: StorefrontModifier;
  chosen: string[];
  error: string | undefined;
  onToggle(optionId: string): void;
  currency: string;
}) {
  const id = useId();
  const single = modifier.maxSelections <= 1 && modifier.minSelections === 1;
  const full = chosen.length >= modifier.maxSelections;
  return (
    <fieldset className="sf-fieldset" aria-invalid={error ? true : undefined} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} data-modifier={modifier.id}>
      <legend>{modifier.title}</legend>
      <p id={`${id}-hint`} className="sf-hint">
        {modifier.minSelections > 0 ? m.required : m.optional} · {selectionHint(modifier)}
        {modifier.instructions ? ` · ${modifier.instructions}` : ''}
      </p>
      {modifier.options.map((option) => {
        const checked = chosen.includes(option.id);
        return (
          <label key={option.id} className="sf-option">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={`${id}-options`}
              checked={checked}
              // Past the maximum more boxes cannot be ticked (one-choice modifiers swap instead).
              disabled={!checked && full && modifier.maxSelections > 1}
              onChange={() => onToggle(option.id)}
            />
            <span>{option.label}</span>
            {option.additionalCost ? <span className="sf-cost">+{formatMajor(option.additionalCost, currency)}</span> : null}
          </label>
        );
      })}
      {error ? (
        <p id={`${id}-error`} className="sf-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A product's sheet: its picture, modifiers (rules enforced before adding), a quantity, "Add to order". */
export function ProductSheet({ product, modifiers, currency, blockedReason, onAdd, onClose }: {
  product: StorefrontProduct;
  modifiers: StorefrontModifier[];
  currency: string;
  /** Why nothing can be ordered now (a paused or closed store); null when ordering is open. */
  blockedReason: string | null;
  onAdd(line: CartLine): void;
  onClose(): void;
}) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [selections, setSelections] = useState<Selections>(() => initialSelections(modifiers));
  const [quantity, setQuantity] = useState(1);
  const [tried, setTried] = useState(false);
  const errors = useMemo(() => selectionErrors(modifiers, selections), [modifiers, selections]);
  const unit = unitPriceMinor(product, modifiers, selections);

  const add = () => {
    setTried(true);
    if (Object.keys(errors).length > 0) {
      // Bring the first modifier that needs attention into view (and focus) after the messages render.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('fieldset[aria-invalid="true"] input:not([disabled])')?.focus());
      return;
    }
    const chosen = lineModifiers(product.modifiers, selections);
    const labels = modifiers.flatMap((mod) => mod.options.filter((o) => (selections[mod.id] ?? []).includes(o.id)).map((o) => o.label));
    onAdd({ key: lineKey(product.id, chosen), productId: product.id, title: product.title, quantity, unitPriceMinor: unit, modifiers: chosen, optionLabels: labels });
  };

  return (
    <Dialog labelledBy={titleId} onClose={onClose} testId="product-sheet">
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <div className="sf-sheet-head">
          <h2 id={titleId}>{product.title}</h2>
          <button type="button" className="sf-icon-btn" aria-label={m.close} onClick={onClose}>
            ×
          </button>
        </div>
        {product.images[0] ? <img className="sf-sheet-img" src={product.images[0]} alt="" /> : null}
        {product.description ? <p className="sf-desc">{product.description}</p> : null}
        <p className="sf-price">{formatMajor(product.price, currency)}</p>
        {modifiers.map((modifier) => (
          <ModifierChoices
            key={modifier.id}
            modifier={modifier}
            chosen={selections[modifier.id] ?? []}
            error={tried ? errors[modifier.id] : undefined}
            onToggle={(optionId) => setSelections((s) => toggleOption(s, modifier, optionId))}
            currency={currency}
          />
        ))}
        <div className="sf-row" style={{ alignItems: 'center' }}>
          <span aria-hidden="true">{m.quantity}</span>
          <QuantityStepper value={quantity} onChange={setQuantity} label={m.quantity} decreaseLabel={m.decrease} increaseLabel={m.increase} />
        </div>
        {blockedReason ? <p className="sf-note" style={{ margin: 0 }}>{blockedReason}</p> : null}
        <button type="submit" className="sf-btn" disabled={blockedReason !== null || product.soldOut}>
          {product.soldOut ? m.soldOut : m.addToOrder(formatMinor(unit * quantity, currency))}
        </button>
      </form>
    </Dialog>
  );
}
