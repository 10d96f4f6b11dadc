import { z } from 'zod';
import { TEXT_MAX } from '@seatside/chassis';
import { isPageHref, MENUS_ANCHOR, PAGE_ID_PATTERN, pageFieldMessages } from '@seatside/rules';

/**
 * The storefront page a merchant builds (seed 002 §2 "Page-builder editor", §3 blocks, views,
 * drawers and the editor action types, §9 enums): one zod schema per block type and per action
 * type, the one source of the server's validation, of the JSON Schemas the editor and the AI
 * assistant read (`pageJsonSchemas`), and of the defaults a new block or action starts from.
 */

/** Seed 002 §9. */
export const visibilitySizes = ['xs', 'sm', 'md', 'lg'] as const;
export const transitions = ['none', 'slideInOut', 'slideBack', 'slideInUpOut', 'fade', 'scale', 'rotate', 'flip'] as const;
export const alertColors = ['primary', 'secondary', 'success', 'error', 'info'] as const;
export const linkTargets = ['_self', '_blank'] as const;

export const pageMessages = {
  unknownBlockType: 'Unknown block type',
  unknownActionType: 'Unknown action type',
  required: pageFieldMessages.required,
  href: 'A link starts with /, #, https://, http://, mailto: or tel:',
  image: 'An image address starts with / or https://',
  tooManyBlocks: 'A page has at most 100 blocks',
  duplicateId: pageFieldMessages.duplicateId,
  saved: 'Page saved',
  published: 'Page published',
  nothingToPublish: 'There is no draft to publish',
} as const;

export const PAGE_LIMITS = { blocks: 100, items: 50, text: 20_000, spacer: 400, columns: 4 } as const;

const text = (max: number = TEXT_MAX.title) => z.string().trim().max(max);
const required = (max: number = TEXT_MAX.title) => z.string({ error: pageMessages.required }).trim().min(1, pageMessages.required).max(max);
const id = () => required(TEXT_MAX.id).regex(PAGE_ID_PATTERN, pageFieldMessages.idPattern);

/** Relative (/, #) or http(s), mailto, tel: never `javascript:` or `data:`. */
const href = () => required(TEXT_MAX.url).refine(isPageHref, pageMessages.href);
const imageSrc = () => text(TEXT_MAX.url).refine((value) => value === '' || /^(\/|https:\/\/)/i.test(value), pageMessages.image);

// ---------------------------------------------------------------------------------------------
// Actions (seed 002 §3 "Editor action types")

const targetId = z.strictObject({ id: id() });

/** Each action type's options, without `type`. */
export const actionOptionSchemas = {
  navigate: z.strictObject({ href: href(), transition: z.enum(transitions).default('none') }),
  link: z.strictObject({ href: href(), target: z.enum(linkTargets).default('_self') }),
  setAlert: z.strictObject({ color: z.enum(alertColors).default('info'), message: required(TEXT_MAX.long) }),
  fetch: z.strictObject({ url: href() }),
  logout: z.strictObject({}),
  openDrawer: targetId,
  closeDrawer: targetId,
  tabLink: z.strictObject({ id: id(), animate: z.boolean().default(true) }),
  openPopup: targetId,
  closePopup: targetId,
  openSheet: targetId,
  closeSheet: targetId,
} as const;

export type ActionType = keyof typeof actionOptionSchemas;
export const actionTypes = Object.keys(actionOptionSchemas) as ActionType[];

/** What a new action of each type starts with in the editor (an empty text is filled in before saving). */
export const actionDefaults: { [T in ActionType]: Record<string, unknown> } = {
  navigate: { href: '', transition: 'none' },
  link: { href: '', target: '_self' },
  setAlert: { color: 'info', message: '' },
  fetch: { url: '' },
  logout: {},
  openDrawer: { id: '' },
  closeDrawer: { id: '' },
  tabLink: { id: '', animate: true },
  openPopup: { id: '' },
  closePopup: { id: '' },
  openSheet: { id: '' },
  closeSheet: { id: '' },
};

const withType = <T extends string, S extends z.ZodObject>(type: T, options: S) => options.extend({ type: z.literal(type) });

export const actionSchemas = Object.fromEntries(actionTypes.map((type) => [type, withType(type, actionOptionSchemas[type])])) as {
  [T in ActionType]: ReturnType<typeof withType<T, (typeof actionOptionSchemas)[T]>>;
};

export const actionSchema = z.discriminatedUnion('type', Object.values(actionSchemas) as unknown as [z.ZodObject, ...z.ZodObject[]], {
  error: (issue) => (issue.code === 'invalid_union' ? pageMessages.unknownActionType : undefined),
});

export type Action = { type: ActionType } & Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Blocks (seed 002 §3 "Merchant blocks"; the issue's list)

const optionalAction = () => actionSchema.nullable().default(null);

const button = z.strictObject({
  label: required(TEXT_MAX.title),
  variant: z.enum(['primary', 'secondary', 'link']).default('primary'),
  action: actionSchema,
});

/** Each block type's props. */
export const blockPropSchemas = {
  hero: z.strictObject({
    title: required(),
    subtitle: text(TEXT_MAX.indexed).default(''),
    banner: imageSrc().default(''),
    button: button.nullable().default(null),
  }),
  richText: z.strictObject({ html: required(PAGE_LIMITS.text) }),
  markdown: z.strictObject({ markdown: required(PAGE_LIMITS.text) }),
  image: z.strictObject({ src: imageSrc().pipe(z.string().min(1, pageMessages.required)), alt: text().default(''), action: optionalAction() }),
  /** Bound to the live catalog: a menu's products (menuId) or the products named, as they are now. */
  productGrid: z.strictObject({
    title: text().default(''),
    menuId: text(TEXT_MAX.id).default(''),
    productIds: z.array(required(TEXT_MAX.id)).max(PAGE_LIMITS.items).default([]),
    columns: z.number().int().min(1).max(PAGE_LIMITS.columns).default(2),
  }),
  buttonGroup: z.strictObject({
    buttons: z.array(button).min(1, 'Add at least one button').max(12),
    align: z.enum(['start', 'center', 'end']).default('start'),
  }),
  links: z.strictObject({
    title: text().default(''),
    links: z.array(z.strictObject({ title: required(), href: href(), target: z.enum(linkTargets).default('_self') })).min(1, 'Add at least one link').max(PAGE_LIMITS.items),
  }),
  promoBanner: z.strictObject({ text: required(TEXT_MAX.indexed), color: z.enum(alertColors).default('primary'), action: optionalAction() }),
  /** A repeater of cards. */
  cards: z.strictObject({
    title: text().default(''),
    columns: z.number().int().min(1).max(PAGE_LIMITS.columns).default(2),
    items: z.array(z.strictObject({ title: required(), text: text(TEXT_MAX.long).default(''), image: imageSrc().default(''), action: optionalAction() })).max(PAGE_LIMITS.items),
  }),
  spacer: z.strictObject({ height: z.number().int().min(0).max(PAGE_LIMITS.spacer).default(24) }),
} as const;

export type BlockType = keyof typeof blockPropSchemas;
export const blockTypes = Object.keys(blockPropSchemas) as BlockType[];

/** What a new block of each type starts with in the editor. */
export const blockDefaults: { [T in BlockType]: Record<string, unknown> } = {
  hero: { title: 'Welcome', subtitle: '', banner: '', button: null },
  richText: { html: '<p>Tell your story.</p>' },
  markdown: { markdown: '## Our story\n\nTell it here.' },
  image: { src: '', alt: '', action: null },
  productGrid: { title: '', menuId: '', productIds: [], columns: 2 },
  buttonGroup: { buttons: [{ label: 'Order now', variant: 'primary', action: { type: 'navigate', href: `#${MENUS_ANCHOR}`, transition: 'none' } }], align: 'start' },
  links: { title: '', links: [{ title: 'Instagram', href: 'https://instagram.com', target: '_blank' }] },
  promoBanner: { text: 'Happy hour 4–6 pm', color: 'primary', action: null },
  cards: { title: '', columns: 2, items: [] },
  spacer: { height: 24 },
};

const blockOf = <T extends string, S extends z.ZodObject>(type: T, props: S) =>
  z.strictObject({
    id: id(),
    type: z.literal(type),
    /** The breakpoints it shows at (seed 002 §9); all of them by default. */
    visibility: z.array(z.enum(visibilitySizes)).max(visibilitySizes.length).default([...visibilitySizes]),
    props,
  });

export const blockSchemas = Object.fromEntries(blockTypes.map((type) => [type, blockOf(type, blockPropSchemas[type])])) as {
  [T in BlockType]: ReturnType<typeof blockOf<T, (typeof blockPropSchemas)[T]>>;
};

export const blockSchema = z.discriminatedUnion('type', Object.values(blockSchemas) as unknown as [z.ZodObject, ...z.ZodObject[]], {
  error: (issue) => (issue.code === 'invalid_union' ? pageMessages.unknownBlockType : undefined),
});

export type Block = { id: string; type: BlockType; visibility: (typeof visibilitySizes)[number][]; props: Record<string, unknown> };

const blockList = z.array(blockSchema).max(PAGE_LIMITS.blocks, pageMessages.tooManyBlocks);

/** A view (a tab, popup or sheet's content) and a drawer: a titled list of blocks. */
const panel = z.strictObject({ id: id(), title: text().default(''), blocks: blockList.default([]) });

export const pageSchema = z
  .strictObject({
    blocks: blockList.default([]),
    views: z.array(panel).max(PAGE_LIMITS.items).default([]),
    drawers: z.array(panel).max(PAGE_LIMITS.items).default([]),
  })
  .superRefine((page, ctx) => {
    const seen = new Set<string>();
    const claim = (value: string, path: (string | number)[]) => {
      if (seen.has(value)) ctx.addIssue({ code: 'custom', message: pageMessages.duplicateId, path });
      seen.add(value);
    };
    const blocks = (list: unknown[], at: (string | number)[]) => list.forEach((block, i) => claim(String((block as { id: string }).id), [...at, i, 'id']));
    blocks(page.blocks, ['blocks']);
    for (const [key, panels] of [['views', page.views], ['drawers', page.drawers]] as const) {
      panels.forEach((p, i) => {
        claim(p.id, [key, i, 'id']);
        blocks(p.blocks, [key, i, 'blocks']);
      });
    }
  });

export type Page = { blocks: Block[]; views: Panel[]; drawers: Panel[] };
export type Panel = { id: string; title: string; blocks: Block[] };

export const emptyPage = (): Page => ({ blocks: [], views: [], drawers: [] });

/** Every product id a page's product grids name (for "only real products"). */
export function productIdsOf(page: Page): string[] {
  const all = [...page.blocks, ...page.views.flatMap((v) => v.blocks), ...page.drawers.flatMap((d) => d.blocks)];
  return all.flatMap((block) => (block.type === 'productGrid' ? ((block.props.productIds as string[] | undefined) ?? []) : []));
}

/** A JSON Schema (draft 2020-12) of a zod schema, as the editor and the model read it. */
const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

/** The JSON Schemas of the page, each block type and each action type (`GET /v1/page-builder/schema`). */
export function pageJsonSchemas() {
  return {
    page: jsonSchemaOf(pageSchema),
    blocks: Object.fromEntries(blockTypes.map((type) => [type, jsonSchemaOf(blockSchemas[type])])),
    actions: Object.fromEntries(actionTypes.map((type) => [type, jsonSchemaOf(actionSchemas[type])])),
    blockDefaults,
    actionDefaults,
    enums: { visibilitySizes, transitions, alertColors, linkTargets },
  };
}
