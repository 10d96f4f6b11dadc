import type { Upcaster } from '@seatside/chassis';

/**
 * The catalog's old event shapes, read as current ones (chassis Upcaster): the one place that knows
 * them, so deciders, projections and the published stream see only today's shapes.
 */

type Raw = Record<string, unknown>;
/** Major units as written (decimal text, so 1.005 is 1.005) to integer minor units. */
const minorOf = (major: number) => Math.round(Number(`${major}e2`));
const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Before options kept integer minor units, a modifier option's extra cost was `additionalCost` in major units. */
const optionCostInMinorUnits = (type: 'ModifierCreated' | 'ModifierUpdated'): Upcaster => ({
  name: `${type}: option additionalCost (major units) -> additionalCostMinor`,
  type,
  upcast(data) {
    if (!isRecord(data) || !Array.isArray(data.options)) return data;
    if (!data.options.some((o) => isRecord(o) && typeof o.additionalCostMinor !== 'number')) return data;
    return {
      ...data,
      options: data.options.map((o) => {
        if (!isRecord(o) || typeof o.additionalCostMinor === 'number') return o;
        const { additionalCost, ...rest } = o;
        return { ...rest, additionalCostMinor: typeof additionalCost === 'number' && Number.isFinite(additionalCost) ? minorOf(additionalCost) : 0 };
      }),
    };
  },
});

export const catalogUpcasters: readonly Upcaster[] = [optionCostInMinorUnits('ModifierCreated'), optionCostInMinorUnits('ModifierUpdated')];
