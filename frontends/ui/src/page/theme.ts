/**
 * The storefront's theme variables before a merchant sets its colours: the storefront's `.sf` starts
 * from them (its domain/theme.ts puts the merchant's over them), and the editor's preview frame uses them.
 */
export const PAGE_THEME_DEFAULTS = { '--sf-primary': '#1f5eff', '--sf-on-primary': '#fff', '--sf-primary-text': '#1f5eff', '--sf-line': '#e3e3e3' } as const;

/** The variables as CSS declarations. */
export const cssVariables = (vars: Readonly<Record<string, string>>) => Object.entries(vars).map(([name, value]) => `${name}:${value};`).join('');
