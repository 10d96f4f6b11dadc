import { PAGE_THEME_DEFAULTS } from '@seatside/ui/src/page/theme';
import type { StorefrontMerchant } from './types';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const DEFAULT_PRIMARY = PAGE_THEME_DEFAULTS['--sf-primary'];

/** '#abc' or '#aabbcc' → [r, g, b]; null for anything else (a CSS name, an rgb() string). */
function rgbOf(hex: string): [number, number, number] | null {
  if (!HEX.test(hex)) return null;
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** White or near-black, whichever reads better on `background` (buttons in the merchant's colour stay legible). */
export function textOn(background: string): string {
  const rgb = rgbOf(background);
  if (!rgb) return '#ffffff';
  const l = luminance(rgb);
  return contrast(l, 1) >= contrast(l, luminance([17, 17, 17])) ? '#ffffff' : '#111111';
}

/**
 * The merchant's primary colour where it is text on white (links, focus rings): itself when it reads
 * at WCAG AA (4.5:1), near-black otherwise (a yellow brand stays on buttons, not on link text).
 */
export function primaryAsText(primary: string): string {
  const rgb = rgbOf(primary);
  return rgb && contrast(luminance(rgb), 1) >= 4.5 ? primary : '#111111';
}

/** The CSS custom properties for a merchant's colours and fonts (defaults when unset). */
export function themeVariables(merchant: Pick<StorefrontMerchant, 'colors' | 'fonts'>): Record<string, string> {
  const primary = merchant.colors?.primary && rgbOf(merchant.colors.primary) ? merchant.colors.primary : DEFAULT_PRIMARY;
  const vars: Record<string, string> = { '--sf-primary': primary, '--sf-on-primary': textOn(primary), '--sf-primary-text': primaryAsText(primary) };
  const quote = (family: string) => `"${family.replace(/["\\]/g, '')}"`;
  if (merchant.fonts?.base) vars['--sf-font'] = `${quote(merchant.fonts.base)}, system-ui, sans-serif`;
  if (merchant.fonts?.headlines) vars['--sf-font-head'] = `${quote(merchant.fonts.headlines)}, system-ui, sans-serif`;
  return vars;
}

/** The merchant's fonts from the web-font service the settings pick them from; nothing when unset. */
export function fontStylesheet(fonts: StorefrontMerchant['fonts']): string | null {
  const families = [...new Set([fonts?.base, fonts?.headlines].filter((f): f is string => !!f && /^[\w -]+$/.test(f)))];
  if (families.length === 0) return null;
  return `https://fonts.googleapis.com/css2?${families.map((f) => `family=${encodeURIComponent(f).replace(/%20/g, '+')}`).join('&')}&display=swap`;
}
