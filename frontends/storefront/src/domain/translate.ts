import { storefrontMessages } from '../messages';

/** A merchant's search/replace pair (seed 002 §3 textTranslations). */
export interface TextTranslation {
  search: string;
  replace: string;
}

/** Applies the pairs in order to one text. */
export function translateText(text: string, pairs: readonly TextTranslation[]): string {
  let out = text;
  for (const { search, replace } of pairs) if (search) out = out.split(search).join(replace);
  return out;
}

type Messages = Record<string, unknown>;
type Functions = Record<string, (...args: unknown[]) => string>;

/** A table of the storefront's own words as written, so each merchant's pairs apply to them afresh. */
interface Table {
  target: Messages;
  originals: Messages;
  functions: Functions;
}

const tableOf = (target: object): Table => {
  const own = Object.entries(target);
  return {
    target: target as Messages,
    originals: structuredClone(Object.fromEntries(own.filter(([, v]) => typeof v !== 'function'))) as Messages,
    functions: Object.fromEntries(own.filter(([, v]) => typeof v === 'function')) as Functions,
  };
};

// The menu's table, and the tables of the pages loaded later (`translatable`).
const tables: Table[] = [tableOf(storefrontMessages)];

/** A message function whose own words are translated but not what it is given (a price, a time, a name). */
const translatedFunction = (fn: (...args: unknown[]) => string, pairs: readonly TextTranslation[]) =>
  (...args: unknown[]) => {
    const token = (i: number) => `\u0000${i}\u0000`;
    let out = translateText(fn(...args.map((arg, i) => (typeof arg === 'string' ? token(i) : arg))), pairs);
    args.forEach((arg, i) => {
      if (typeof arg === 'string') out = out.split(token(i)).join(arg);
    });
    return out;
  };

const translateTree = (value: unknown, pairs: readonly TextTranslation[]): unknown => {
  if (typeof value === 'string') return translateText(value, pairs);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, translateTree(v, pairs)]));
  return value;
};

let applied: readonly TextTranslation[] = [];
const sameAs = (a: readonly TextTranslation[], b: readonly TextTranslation[]) =>
  a.length === b.length && a.every((pair, i) => pair.search === b[i]!.search && pair.replace === b[i]!.replace);

function translateTable({ target, originals, functions }: Table, pairs: readonly TextTranslation[]): void {
  for (const [key, value] of Object.entries(originals)) target[key] = translateTree(value, pairs);
  for (const [key, fn] of Object.entries(functions)) target[key] = pairs.length ? translatedFunction(fn, pairs) : fn;
}

/**
 * Seed 002 §3: the merchant's translations, in order, over the storefront's own visible texts
 * (labels, buttons, section names), never over prices or what the merchant typed. The message tables
 * the screens read are rewritten in place, from the originals each time.
 */
export function applyTextTranslations(pairs: readonly TextTranslation[] | undefined): void {
  const next = (pairs ?? []).filter((pair) => pair.search);
  if (sameAs(next, applied)) return;
  applied = next;
  for (const table of tables) translateTable(table, next);
}

/** A lazily loaded page's own words (their object's own properties), translated as the menu's are, now and with every later merchant. */
export function translatable<T extends object>(messages: T): T {
  const table = tableOf(messages);
  tables.push(table);
  if (applied.length > 0) translateTable(table, applied);
  return messages;
}
