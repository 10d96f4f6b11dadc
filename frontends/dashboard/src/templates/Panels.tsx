import type { ReactNode } from 'react';
import {
  APPCLIP_LOGOS, APPCLIP_TYPES, ERROR_CORRECTION_LEVELS, FONT_FAMILIES, GRADIENT_TYPES, ICONS, NEW_GRADIENT_COLOR, OBJECT_FITS, TEMPLATE_LIMITS as L,
  TEXT_ALIGNS, TEXT_DECORATIONS, TEXT_TRANSFORMS, type Layer,
} from '@seatside/template-render';

type Range = { min: number; max: number; step: number };

/** How a panel changes the selected layer: `live` while a slider slides (one undo step when it is let go). */
export type LayerUpdate = (change: { box?: Partial<Pick<Layer, 'x' | 'y' | 'width' | 'height' | 'title'>>; options?: Record<string, unknown> }, live?: boolean) => void;

export function Slider({ label, value, range, onChange, onDone, name }: { label: string; value: number; range: Range; onChange(v: number): void; onDone(): void; name: string }) {
  return (
    <label className="tp-field">
      <span>{label}</span>
      <input
        type="range" name={name} aria-label={label} min={range.min} max={range.max} step={range.step} value={value}
        onChange={(e) => onChange(Number(e.target.value))} onPointerUp={onDone} onKeyUp={onDone} onBlur={onDone}
      />
      <output>{value}</output>
    </label>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="tp-field">
      <span>{label}</span>
      {children}
    </label>
  );
}

function Choice<T extends string>({ label, value, values, onChange }: { label: string; value: T; values: readonly T[]; onChange(v: T): void }) {
  return (
    <Field label={label}>
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {values.map((v) => (
          <option key={v} value={v}>{v}</option>
        ))}
      </select>
    </Field>
  );
}

function Colour({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <Field label={label}>
      <input type="text" aria-label={label} value={value} onChange={(e) => /^#[0-9a-f]{0,8}$/i.test(e.target.value) && onChange(e.target.value)} />
    </Field>
  );
}

function NumberField({ label, value, onChange }: { label: string; value: number; onChange(v: number): void }) {
  return (
    <Field label={label}>
      <input type="number" aria-label={label} value={Math.round(value * 100) / 100} onChange={(e) => e.target.value !== '' && onChange(Number(e.target.value))} />
    </Field>
  );
}

/** The selected layer's panel: its box and common options, then its type's own options (text, image, QR, icon, app clip, shape, gradient). */
export function LayerPanel({ layer, update, done }: { layer: Layer; update: LayerUpdate; done(): void }) {
  const o = layer.options as unknown as Record<string, unknown>;
  const set = (key: string) => (value: unknown) => update({ options: { [key]: value } });
  const slide = (key: string, label: string, range: Range) => (
    <Slider name={key} label={label} value={Number(o[key] ?? 0)} range={range} onChange={(v) => update({ options: { [key]: v } }, true)} onDone={done} />
  );
  return (
    <div className="tp-side" data-testid="layer-panel">
      <div className="tp-box">
        <h3>{`${layerTypeLabel[layer.type]} layer`}</h3>
        <Field label="Title">
          <input type="text" aria-label="Layer title" value={layer.title} onChange={(e) => update({ box: { title: e.target.value } })} />
        </Field>
        <NumberField label="X" value={layer.x} onChange={(x) => update({ box: { x } })} />
        <NumberField label="Y" value={layer.y} onChange={(y) => update({ box: { y } })} />
        <NumberField label="Width" value={layer.width} onChange={(width) => update({ box: { width: Math.max(1, width) } })} />
        <NumberField label="Height" value={layer.height} onChange={(height) => update({ box: { height: Math.max(1, height) } })} />
        {slide('opacity', 'Opacity', L.opacity)}
        {slide('rotate', 'Rotate', L.rotate)}
        {slide('topLeftBorder', 'Top left radius', { ...L.radius, max: 500 })}
        {slide('topRightBorder', 'Top right radius', { ...L.radius, max: 500 })}
        {slide('bottomRightBorder', 'Bottom right radius', { ...L.radius, max: 500 })}
        {slide('bottomLeftBorder', 'Bottom left radius', { ...L.radius, max: 500 })}
      </div>
      <div className="tp-box">
        {layer.type === 'text' && (
          <>
            <h3>Text</h3>
            <Field label="Text">
              <textarea aria-label="Text" rows={3} value={layer.options.text} onChange={(e) => set('text')(e.target.value)} />
            </Field>
            <p className="tp-hint">{'Use {{Table}}, {{Seat}} or any tag metadata key; {{url}} is the tag’s link.'}</p>
            <Choice label="Font" value={layer.options.fontFamily} values={FONT_FAMILIES.map((f) => f.family)} onChange={set('fontFamily')} />
            <Choice label="Weight" value={String(layer.options.fontWeight)} values={['100', '200', '300', '400', '500', '600', '700', '800', '900']} onChange={(v) => set('fontWeight')(Number(v))} />
            <Choice label="Style" value={layer.options.fontStyle} values={['normal', 'italic'] as const} onChange={set('fontStyle')} />
            {slide('fontSize', 'Font size', L.fontSize)}
            <Colour label="Color" value={layer.options.color} onChange={set('color')} />
            <Choice label="Align" value={layer.options.textAlign} values={TEXT_ALIGNS} onChange={set('textAlign')} />
            <Choice label="Transform" value={layer.options.textTransform} values={TEXT_TRANSFORMS} onChange={set('textTransform')} />
            <Choice label="Decoration" value={layer.options.textDecoration} values={TEXT_DECORATIONS} onChange={set('textDecoration')} />
            {slide('lineHeight', 'Line height', L.lineHeight)}
            {slide('letterSpacing', 'Letter spacing', L.letterSpacing)}
          </>
        )}
        {layer.type === 'image' && (
          <>
            <h3>Image</h3>
            <Field label="Image URL">
              <input type="text" aria-label="Image URL" value={layer.options.src} onChange={(e) => set('src')(e.target.value)} />
            </Field>
            <p className="tp-hint">A gallery image’s link, or a PNG/JPEG data URL.</p>
            <Choice label="Fit" value={layer.options.objectFit} values={OBJECT_FITS} onChange={set('objectFit')} />
          </>
        )}
        {layer.type === 'qr' && (
          <>
            <h3>QR</h3>
            <Field label="URL">
              <input type="text" aria-label="QR URL" value={layer.options.url} onChange={(e) => set('url')(e.target.value)} />
            </Field>
            <Colour label="Background" value={layer.options.background} onChange={set('background')} />
            <Colour label="Color" value={layer.options.color} onChange={set('color')} />
            {slide('margin', 'Margin', L.margin)}
            <Choice label="Error correction" value={layer.options.errorCorrectionLevel} values={ERROR_CORRECTION_LEVELS} onChange={set('errorCorrectionLevel')} />
          </>
        )}
        {layer.type === 'icon' && (
          <>
            <h3>Icon</h3>
            <div className="tp-adds">
              {ICONS.map((icon) => (
                <button key={icon.name} type="button" aria-pressed={layer.options.icon === icon.path} onClick={() => set('icon')(icon.path)}>{icon.name}</button>
              ))}
            </div>
            <Field label="Icon path">
              <textarea aria-label="Icon path" rows={3} value={layer.options.icon} onChange={(e) => set('icon')(e.target.value)} />
            </Field>
            <Colour label="Color" value={layer.options.color} onChange={set('color')} />
          </>
        )}
        {layer.type === 'appclip' && (
          <>
            <h3>App Clip</h3>
            <Colour label="Background" value={layer.options.background} onChange={set('background')} />
            <Colour label="Foreground" value={layer.options.foreground} onChange={set('foreground')} />
            <Choice label="Logo" value={layer.options.logo} values={APPCLIP_LOGOS} onChange={set('logo')} />
            <Choice label="Type" value={layer.options.type} values={APPCLIP_TYPES} onChange={set('type')} />
            <p className="tp-hint">A circular badge around the tag’s QR code (Apple’s App Clip Code format is not public).</p>
          </>
        )}
        {layer.type === 'shape' && (
          <>
            <h3>Shape</h3>
            <Colour label="Color" value={layer.options.color} onChange={set('color')} />
            <label className="tp-field">
              <span>Gradient</span>
              <input type="checkbox" aria-label="Gradient" checked={layer.options.gradient} onChange={(e) => set('gradient')(e.target.checked)} />
            </label>
            {layer.options.gradient && <GradientPanel layer={layer} update={update} done={done} />}
          </>
        )}
      </div>
    </div>
  );
}

function GradientPanel({ layer, update, done }: { layer: Extract<Layer, { type: 'shape' }>; update: LayerUpdate; done(): void }) {
  const g = layer.options.gradientSchema;
  const setG = (patch: Partial<typeof g>, live?: boolean) => update({ options: { gradientSchema: { ...g, ...patch } } }, live);
  return (
    <div className="tp-side" data-testid="gradient-panel">
      <h3>Gradient</h3>
      <Choice label="Type" value={g.type} values={GRADIENT_TYPES} onChange={(type) => setG({ type })} />
      {g.type === 'linear-gradient' ? (
        <Slider name="deg" label="Angle" value={g.deg} range={L.deg} onChange={(deg) => setG({ deg }, true)} onDone={done} />
      ) : (
        <Slider name="px" label="Size" value={g.px} range={L.px} onChange={(px) => setG({ px }, true)} onDone={done} />
      )}
      {g.colors.map((colour, i) => (
        <div className="tp-pair" key={i}>
          <input type="text" aria-label={`Gradient colour ${i + 1}`} value={colour} onChange={(e) => setG({ colors: g.colors.map((c, j) => (j === i ? e.target.value : c)) })} />
          <button type="button" className="tp-btn" disabled={g.colors.length <= L.gradientColors.min} onClick={() => setG({ colors: g.colors.filter((_, j) => j !== i) })}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="tp-btn" disabled={g.colors.length >= L.gradientColors.max} onClick={() => setG({ colors: [...g.colors, NEW_GRADIENT_COLOR] })}>
        Add colour
      </button>
    </div>
  );
}

export const layerTypeLabel: Record<Layer['type'], string> = { text: 'Text', image: 'Image', qr: 'QR', icon: 'Icon', appclip: 'App Clip', shape: 'Shape' };
