/**
 * Undo and redo for the designer: `present` is what the canvas shows; a gesture (a drag, a slider's
 * slide) changes it live with `preview` and becomes one step when it ends (`commit`); every other
 * change is one step at once (`change`). At most LIMIT steps are kept.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The state before the gesture in progress, if any. */
  gestureStart?: T;
}

const LIMIT = 100;

export const historyOf = <T>(present: T): History<T> => ({ past: [], present, future: [] });

export function change<T>(h: History<T>, next: T): History<T> {
  if (Object.is(next, h.present)) return h;
  return { past: [...h.past, h.gestureStart ?? h.present].slice(-LIMIT), present: next, future: [] };
}

/** A gesture's live state: not a step yet. */
export const preview = <T>(h: History<T>, next: T): History<T> => ({ ...h, present: next, gestureStart: h.gestureStart ?? h.present });

/** The gesture ends: one step from where it started (none if nothing moved). */
export function commit<T>(h: History<T>): History<T> {
  if (h.gestureStart === undefined) return h;
  if (h.gestureStart === h.present) return { past: h.past, present: h.present, future: h.future };
  return { past: [...h.past, h.gestureStart].slice(-LIMIT), present: h.present, future: [] };
}

export function undo<T>(h: History<T>): History<T> {
  const base = commit(h);
  const previous = base.past[base.past.length - 1];
  if (previous === undefined) return base;
  return { past: base.past.slice(0, -1), present: previous, future: [base.present, ...base.future] };
}

export function redo<T>(h: History<T>): History<T> {
  const base = commit(h);
  const [next, ...rest] = base.future;
  if (next === undefined) return base;
  return { past: [...base.past, base.present], present: next, future: rest };
}

export const canUndo = (h: History<unknown>) => h.past.length > 0 || (h.gestureStart !== undefined && h.gestureStart !== h.present);
export const canRedo = (h: History<unknown>) => h.future.length > 0;
