import { blockName, fieldLabel, type ListRef, type PageData } from './model';

/**
 * A save's 400 names each mistake by its path in the page (docs/catalog-api.md "Page builder":
 * `{"blocks.0.props.title": "This field is required"}`). The editor ties each to where it is edited:
 * the list (the page, a view, a drawer), the block by its id (ids are unique across the page, so a
 * reorder keeps it on its block) and the field within the block (`props.button.action.href`).
 */
export interface SaveProblem {
  message: string;
  list: ListRef;
  /** The block the field belongs to; null for a view's or drawer's own field, or the page's. */
  blockId: string | null;
  /** The field's path within its block (or its view or drawer): the editor's fields carry the same. */
  field: string;
  /** Where, in words: 'hero › Button › Action › Href'. */
  where: string;
}

const index = (segment: string | undefined) => (segment !== undefined && /^\d+$/.test(segment) ? Number(segment) : undefined);

/** 'props.buttons.0.action.href' → 'Buttons 1 › Action › Href'. */
function fieldWords(segments: string[]): string[] {
  const words: string[] = [];
  for (const segment of segments) {
    const at = index(segment);
    if (at !== undefined && words.length > 0) words[words.length - 1] += ` ${at + 1}`;
    else if (segment !== 'props') words.push(fieldLabel(segment));
  }
  return words;
}

function problemAt(page: PageData, path: string, message: string): SaveProblem {
  const segments = path === '' ? [] : path.split('.');
  const [head, second] = segments;
  let list: ListRef = { kind: 'blocks' };
  let rest = segments;
  const places: string[] = [];
  let blocks = page.blocks;
  const panelAt = index(second);
  if ((head === 'views' || head === 'drawers') && panelAt !== undefined) {
    const panel = page[head][panelAt];
    list = { kind: head, index: panelAt };
    places.push(`${head === 'views' ? 'View' : 'Drawer'}: ${panel?.title || panel?.id || panelAt + 1}`);
    blocks = panel?.blocks ?? [];
    rest = segments.slice(2);
  }
  let blockId: string | null = null;
  const blockAt = rest[0] === 'blocks' ? index(rest[1]) : undefined;
  if (blockAt !== undefined) {
    const block = blocks[blockAt];
    blockId = block?.id ?? null;
    places.push(block ? blockName(block) : `Block ${blockAt + 1}`);
    rest = rest.slice(2);
  }
  return { message, list, blockId, field: rest.join('.'), where: [...places, ...fieldWords(rest)].join(' › ') || 'Page' };
}

/** Each of a save's field errors, placed in the page that was saved. */
export const saveProblems = (page: PageData, errors: Record<string, string>): SaveProblem[] =>
  Object.entries(errors).map(([path, message]) => problemAt(page, path, message));

/** The field errors of one block, by the field's path within it (what its fields show under them). */
export const blockErrors = (problems: readonly SaveProblem[], blockId: string): Record<string, string> =>
  Object.fromEntries(problems.filter((p) => p.blockId === blockId).map((p) => [p.field, p.message]));
