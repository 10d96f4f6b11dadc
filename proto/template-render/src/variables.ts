import type { TemplateVariable } from './types';

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/**
 * `{{key}}` filled from `values` (a tag's metadata and `url`, then the template's variables); an
 * unknown key stays as written, so the designer shows what is missing.
 */
export const fillVariables = (text: string, values: ReadonlyMap<string, string>): string =>
  text.replace(PLACEHOLDER, (whole, key: string) => values.get(key) ?? whole);

/**
 * The values a render uses: the template's variables, overridden by the tag's metadata, and `url`
 * the tag's public link (when there is a tag).
 */
export function variableValues(templateVariables: readonly TemplateVariable[], tag?: { metadata: readonly { key: string; value: string }[]; url: string }): Map<string, string> {
  const values = new Map<string, string>();
  for (const v of templateVariables) values.set(v.key, v.value);
  if (tag) {
    for (const m of tag.metadata) values.set(m.key, m.value);
    values.set('url', tag.url);
  }
  return values;
}

/** The keys a text uses (the designer lists them). */
export const variableKeys = (text: string): string[] => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
