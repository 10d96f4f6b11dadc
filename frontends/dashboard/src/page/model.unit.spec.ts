import { describe, expect, it } from '@jest/globals';
import { blockName, blockPath, changeActionType, commit, historyOf, newBlockId, redo, undo, withBlocks, type PageData } from './model';

const defaults = {
  navigate: { href: '', transition: 'none' },
  link: { href: '', target: '_self' },
  setAlert: { color: 'info', message: '' },
  openDrawer: { id: '' },
  tabLink: { id: '', animate: true },
  logout: {},
};

describe('page builder editor rules', () => {
  describe('changeActionType (seed 002 §4)', () => {
    it('given a link, when the type becomes setAlert, then only setAlert options remain, at their defaults (nothing matches)', () => {
      expect(changeActionType({ type: 'link', href: 'https://x.example', target: '_blank' }, 'setAlert', defaults)).toEqual({ type: 'setAlert', color: 'info', message: '' });
    });

    it('given a link, when the type becomes navigate, then href is kept and transition takes its default', () => {
      expect(changeActionType({ type: 'link', href: '/drinks', target: '_blank' }, 'navigate', defaults)).toEqual({ type: 'navigate', href: '/drinks', transition: 'none' });
    });

    it('given an openDrawer, when the type becomes tabLink, then id is kept and animate defaults; logout has no options', () => {
      expect(changeActionType({ type: 'openDrawer', id: 'drinks' }, 'tabLink', defaults)).toEqual({ type: 'tabLink', id: 'drinks', animate: true });
      expect(changeActionType({ type: 'openDrawer', id: 'drinks' }, 'logout', defaults)).toEqual({ type: 'logout' });
    });
  });

  describe('history', () => {
    const a: PageData = { blocks: [], views: [], drawers: [] };
    const b: PageData = { ...a, blocks: [{ id: 'x', type: 'spacer', visibility: [], props: {} }] };
    const c: PageData = { ...a, drawers: [{ id: 'd', title: '', blocks: [] }] };

    it('given two edits, when undone twice and redone once, then the pages come back in order; a new edit clears redo', () => {
      let h = commit(commit(historyOf(a), b), c);
      h = undo(h);
      expect(h.present).toBe(b);
      h = undo(h);
      expect(h.present).toBe(a);
      expect(undo(h)).toBe(h);
      h = redo(h);
      expect(h.present).toBe(b);
      h = commit(h, a);
      expect(h.future).toEqual([]);
    });
  });

  it('given lists, then paths, ids and names of blocks', () => {
    const page: PageData = { blocks: [{ id: 'hero-1', type: 'hero', visibility: [], props: { title: 'Welcome <b>all</b>' } }], views: [], drawers: [{ id: 'd', title: 'D', blocks: [] }] };
    expect(blockPath({ kind: 'blocks' }, 2)).toBe('blocks.2');
    expect(blockPath({ kind: 'drawers', index: 0 }, 1)).toBe('drawers.0.blocks.1');
    expect(newBlockId(page, 'hero')).toBe('hero-2');
    expect(blockName(page.blocks[0]!)).toBe('hero: Welcome all');
    expect(withBlocks(page, { kind: 'drawers', index: 0 }, page.blocks).drawers[0]?.blocks).toEqual(page.blocks);
  });
});
