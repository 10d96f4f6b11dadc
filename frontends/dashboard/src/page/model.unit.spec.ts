import { describe, expect, it } from '@jest/globals';
import { blockName, blockPath, changeActionType, commit, gridProducts, historyOf, menuOptions, newBlockId, pageIds, productOptions, targetIds, targetOptions, redo, undo, withBlocks, type PageCatalog, type PageData } from './model';

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

  describe('the product grid pickers (real products by name, stored as ids)', () => {
    const catalog: PageCatalog = {
      products: [{ id: 'p-nachos', title: 'Stadium Nachos', price: 8.25, image: 'https://cdn.example/nachos.jpg' }, { id: 'p-soda', title: 'Soda', price: 3 }],
      menus: [{ id: 'm-game', title: 'Game Day', products: ['p-soda', 'p-nachos', 'p-gone'] }],
    };

    it('given the catalog, then the product picker offers each product by title with its id as the value', () => {
      expect(productOptions(catalog, ['p-soda'])).toEqual([{ value: 'p-nachos', label: 'Stadium Nachos' }, { value: 'p-soda', label: 'Soda' }]);
    });

    it('given a chosen id the catalog no longer has, then it is offered as "Product not found" so it can be removed', () => {
      expect(productOptions(catalog, ['p-gone']).at(-1)).toEqual({ value: 'p-gone', label: 'Product not found' });
    });

    it('given the menus, then the menu picker offers none first, the menus by title, and a chosen menu that is gone', () => {
      expect(menuOptions(catalog, '')).toEqual([{ value: '', label: 'No menu: the products chosen' }, { value: 'm-game', label: 'Game Day' }]);
      expect(menuOptions(catalog, 'm-old').at(-1)).toEqual({ value: 'm-old', label: 'Menu not found' });
    });

    it('given a grid, then the preview names its products in order: the menu’s when one is chosen, else the chosen ones; unknown ids show nothing', () => {
      const shown = [
        { id: 'p-soda', title: 'Soda', price: '$3.00', image: undefined, soldOut: false },
        { id: 'p-nachos', title: 'Stadium Nachos', price: '$8.25', image: 'https://cdn.example/nachos.jpg', soldOut: false },
      ];
      expect(gridProducts(catalog, { menuId: '', productIds: ['p-soda', 'p-gone', 'p-nachos'] }, 'USD')).toEqual(shown);
      expect(gridProducts(catalog, { menuId: 'm-game', productIds: [] }, 'USD')).toEqual(shown);
    });
  });

  describe('targetIds: the ids an action may name', () => {
    const page: PageData = { blocks: [], drawers: [{ id: 'drinks', title: 'Drinks', blocks: [] }], views: [{ id: 'story', title: 'Story', blocks: [] }] };

    it('given drawers and views, then drawer actions name drawers, tabs, popups and sheets name views, other types nothing', () => {
      expect(targetIds(page, 'openDrawer')).toEqual(['drinks']);
      expect(targetIds(page, 'closeDrawer')).toEqual(['drinks']);
      for (const type of ['tabLink', 'openPopup', 'closePopup', 'openSheet', 'closeSheet']) expect(targetIds(page, type)).toEqual(['story']);
      expect(targetIds(page, 'link')).toEqual([]);
    });

    it('given a popup that keeps a drawer\'s id (a type change keeps it), then the Id select offers the views and shows the id as naming no view', () => {
      expect(targetOptions(page, 'openPopup', 'drinks')).toEqual([{ value: 'story', label: 'story' }, { value: 'drinks', label: 'drinks (no view has this id)' }]);
      expect(targetOptions(page, 'openDrawer', 'drinks')).toEqual([{ value: 'drinks', label: 'drinks' }]);
      expect(targetOptions(page, 'openSheet', '')).toEqual([{ value: 'story', label: 'story' }]);
      expect(targetOptions(page, 'navigate', '')).toEqual([]);
    });
  });

  describe('pageIds: what a new view, drawer or block may not be called', () => {
    it('given blocks, views and drawers with blocks of their own, then every one of their ids', () => {
      const block = (id: string) => ({ id, type: 'spacer', visibility: [], props: {} });
      const page: PageData = { blocks: [block('hero-1')], views: [{ id: 'story', title: '', blocks: [block('since')] }], drawers: [{ id: 'drinks', title: '', blocks: [block('refills')] }] };
      expect([...pageIds(page)].sort()).toEqual(['drinks', 'hero-1', 'refills', 'since', 'story']);
    });
  });
});
