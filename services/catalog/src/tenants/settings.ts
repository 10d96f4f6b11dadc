import { z } from 'zod';
import { requiredText } from '@seatside/chassis';
import { EMAIL_PATTERN, isHHMM, isHttpUrl, isPhoneNumber, isTimeZone } from '@seatside/rules';

/**
 * The settings sections a tenant's admins save with `POST /v1/{collection}/{id}` (seed 001 §3, §5,
 * §7): hours, colors, fonts, details, address, googlePlaceId. A section sent replaces that section
 * (details: field by field); sections not sent are kept. Recorded as `{Merchant|Venue|App}Updated`
 * with the fields flat, as identity's tenant cards already read name and description there.
 */

export const settingsMessages = {
  saved: 'Settings saved',
  required: 'Required',
  nameRequired: 'Name is required',
  timeAsHHMM: 'Please enter a time as HHMM',
  sevenDays: 'Please enter hours for each day of the week',
  invalidTimeZone: 'Please choose a valid time zone',
  // Seed 001 §5: goals; zero or empty passes.
  dailyOrderVolume: 'Daily order volume must be between 10 and 10,000',
  dailyOrderRevenue: 'Daily order revenue must be between 100 and 10,000',
  // Seed 002 §5: teleport.
  teleportUrlRequired: 'URL is required when Teleport is enabled.',
  teleportUrlInvalid: 'Please enter a valid URL.',
  translationSearchRequired: 'Required',
  linkTitleRequired: 'Required',
  linkUrlRequired: 'Required',
  // The spec gives no words for these (seed 001 §5); a URL (a website, a link, an image) is said as Teleport's is (seed 002 §5).
  invalidEmail: 'Please enter a valid email',
  invalidPhone: 'Please enter a valid phone number',
  invalidUrl: 'Please enter a valid URL.',
} as const;

const m = settingsMessages;

/** Sunday first (seed 002: the week starts on Sunday). */
export const weekDays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type WeekDay = (typeof weekDays)[number];

/** Four-digit HHMM, 0000–2359 (`@seatside/rules`). */
export { isHHMM };

/** One day: closed, open from open.time to close.time, or open all day (then the times are kept only if sent). */
export type DayHours = { day: WeekDay; isOpen: boolean; openAllDay: boolean; open: { time: string | null }; close: { time: string | null } };

const blank = (value: unknown) => value === undefined || value === null || value === '';

const dayHours = z
  .object({
    day: z.enum(weekDays),
    isOpen: z.boolean(),
    openAllDay: z.boolean().default(false),
    open: z.object({ time: z.unknown().optional() }).strict().default({}),
    close: z.object({ time: z.unknown().optional() }).strict().default({}),
  })
  .strict()
  .superRefine((value, ctx) => {
    const needed = value.isOpen && !value.openAllDay;
    for (const side of ['open', 'close'] as const) {
      const time = value[side].time;
      if ((needed || !blank(time)) && !isHHMM(time)) ctx.addIssue({ code: 'custom', path: [side, 'time'], message: m.timeAsHHMM });
    }
  })
  .transform((value): DayHours => ({
    day: value.day,
    isOpen: value.isOpen,
    openAllDay: value.isOpen && value.openAllDay,
    open: { time: blank(value.open.time) ? null : (value.open.time as string) },
    close: { time: blank(value.close.time) ? null : (value.close.time as string) },
  }));

/** Seven entries, each day once; kept Sunday first whatever order the form sent. */
const hours = z
  .array(dayHours)
  .refine((days) => days.length === 7 && new Set(days.map((d) => d.day)).size === 7, m.sevenDays)
  .transform((days) => [...days].sort((a, b) => weekDays.indexOf(a.day) - weekDays.indexOf(b.day)));

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).optional().default('');
/** A text that may be empty, and otherwise must pass `valid` (the rule `@seatside/rules` holds). */
const emptyOr = (max: number, valid: (value: string) => boolean, message: string) => text(max).refine((value) => value === '' || valid(value), message);

/** Colors and gradients as CSS values; primary is required (seed 001 §5). */
const colors = z
  .object({
    primary: requiredText(m.required).pipe(text(500)),
    secondary: optionalText(500),
    success: optionalText(500),
    info: optionalText(500),
    error: optionalText(500),
    splashScreenBackground: optionalText(500),
  })
  .strict();
export type Colors = z.output<typeof colors>;

const fonts = z.object({ headlines: requiredText(m.required).pipe(text(200)), base: requiredText(m.required).pipe(text(200)) }).strict();
export type Fonts = z.output<typeof fonts>;

const address = z
  .object({ line1: optionalText(300), line2: optionalText(300), city: optionalText(200), state: optionalText(200), postal_code: optionalText(40) })
  .strict();
export type Address = z.output<typeof address>;


/** The Details form: each field optional, so a save changes only what it sends; phone, email and website empty or valid. */
const details = z
  .object({
    name: requiredText(m.nameRequired).pipe(text(300)).optional(),
    description: text(5000).optional(),
    timeZone: requiredText(m.required)
      .refine(isTimeZone, m.invalidTimeZone)
      .optional(),
    phone: emptyOr(50, isPhoneNumber, m.invalidPhone).optional(),
    email: emptyOr(320, (email) => EMAIL_PATTERN.test(email), m.invalidEmail).optional(),
    website: emptyOr(2048, isHttpUrl, m.invalidUrl).optional(),
    promptAppInstall: z.boolean().optional(),
  })
  .strict();
export type Details = z.output<typeof details>;

/** A goal: 0 (or empty) means none; otherwise within the seed's bounds (seed 001 §5, §9). */
const goal = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .transform((value, ctx) => {
      const n = value === null || (typeof value === 'string' && value.trim() === '') ? 0 : Number(value);
      if (!Number.isFinite(n) || (n !== 0 && (n < min || n > max))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

const goals = z
  .object({
    dailyOrderVolume: goal(10, 10_000, m.dailyOrderVolume).optional().default(0),
    dailyOrderRevenue: goal(100, 10_000, m.dailyOrderRevenue).optional().default(0),
  })
  .strict();
export type Goals = z.output<typeof goals>;

/**
 * Seed 001 §3: a merchant link; defaults type DEFAULT, visible true, target _blank (seed 001 §9). Its
 * url is an http(s) address: the storefront puts it in an href.
 */
const link = z
  .object({
    title: requiredText(m.linkTitleRequired).pipe(text(200)),
    url: requiredText(m.linkUrlRequired).pipe(text(2048)).refine(isHttpUrl, m.invalidUrl),
    type: text(50).optional().transform((t) => t || 'DEFAULT'),
    icon: z.string().trim().max(2048).nullable().optional().transform((icon) => icon || null),
    visible: z.boolean().optional().default(true),
    target: z.enum(['_blank', '_self']).optional().default('_blank'),
  })
  .strict();
export type MerchantLink = z.output<typeof link>;

/** http(s) with a dot in it (seed 002 §5). */
export const isTeleportUrl = (url: string) => {
  if (!/^https?:\/\/\S+\.\S+$/i.test(url)) return false;
  try {
    return new URL(url).hostname.includes('.');
  } catch {
    return false;
  }
};

/** Seed 002 §3, §5: while enabled, the public page redirects to destination. */
const teleport = z
  .object({ enable: z.boolean(), destination: z.string().trim().max(2048).optional().default('') })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.enable && !value.destination) return;
    if (!value.destination) ctx.addIssue({ code: 'custom', path: ['destination'], message: m.teleportUrlRequired });
    else if (!isTeleportUrl(value.destination)) ctx.addIssue({ code: 'custom', path: ['destination'], message: m.teleportUrlInvalid });
  });
export type Teleport = z.output<typeof teleport>;

/** Seed 002 §3: search/replace pairs the storefront applies, in order, to its own texts. */
const textTranslations = z
  .array(z.object({ search: requiredText(m.translationSearchRequired).pipe(z.string().max(500)), replace: z.string().max(500).optional().default('') }).strict())
  .max(200);
export type TextTranslation = z.output<typeof textTranslations>[number];

/** Every section optional; the route adds checkoutOptions for merchants. */
export const settingsSections = {
  goals: goals.optional(),
  links: z.array(link).max(100).optional(),
  teleport: teleport.optional(),
  textTranslations: textTranslations.optional(),
  hours: hours.optional(),
  colors: colors.optional(),
  fonts: fonts.optional(),
  details: details.optional(),
  address: address.optional(),
  googlePlaceId: text(300).optional(),
};

/** The stored (and evented) shape: details flattened, only what was sent. */
export type TenantSettings = Details & {
  hours?: DayHours[];
  colors?: Colors;
  fonts?: Fonts;
  address?: Address;
  googlePlaceId?: string;
  goals?: Goals;
  links?: MerchantLink[];
  teleport?: Teleport;
  textTranslations?: TextTranslation[];
};

type ParsedSections = { [K in keyof typeof settingsSections]?: z.output<(typeof settingsSections)[K]> };

/** The sections sent, with details' fields flat; undefined when nothing was sent. */
export function settingsOf({ details: detailFields, ...sections }: ParsedSections): TenantSettings | undefined {
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries({ ...sections, ...detailFields })) if (value !== undefined) settings[key] = value;
  return Object.keys(settings).length > 0 ? (settings as TenantSettings) : undefined;
}

/** What a tenant shows before any save. */
export const settingsView = (doc: TenantSettings) => ({
  phone: doc.phone ?? '',
  email: doc.email ?? '',
  website: doc.website ?? '',
  promptAppInstall: doc.promptAppInstall ?? false,
  address: doc.address ?? null,
  colors: doc.colors ?? null,
  fonts: doc.fonts ?? null,
  hours: doc.hours ?? [],
  goals: doc.goals ?? { dailyOrderVolume: 0, dailyOrderRevenue: 0 },
  links: doc.links ?? [],
  teleport: doc.teleport ?? { enable: false, destination: '' },
  textTranslations: doc.textTranslations ?? [],
});
