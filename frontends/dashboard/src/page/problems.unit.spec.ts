import { describe, expect, it } from '@jest/globals';
import type { PageData } from './model';
import { blockErrors, saveProblems } from './problems';

const page: PageData = {
  blocks: [
    { id: 'hero-1', type: 'hero', visibility: [], props: { title: '', button: { label: 'Go', variant: 'primary', action: { type: 'link', href: 'javascript:alert(1)', target: '_self' } } } },
    { id: 'cta', type: 'buttonGroup', visibility: [], props: { buttons: [] } },
  ],
  views: [],
  drawers: [{ id: 'drinks', title: 'Drinks', blocks: [{ id: 'refills', type: 'promoBanner', visibility: [], props: { text: '' } }] }],
};

describe('a save\'s field errors in the editor', () => {
  it('given the server\'s errors by path, then each names its block and field, and the block\'s fields get their messages', () => {
    const problems = saveProblems(page, {
      'blocks.0.props.title': 'This field is required',
      'blocks.0.props.button.action.href': 'A link starts with /, #, https://, http://, mailto: or tel:',
    });
    expect(problems).toEqual([
      { message: 'This field is required', list: { kind: 'blocks' }, blockId: 'hero-1', field: 'props.title', where: 'hero › Title' },
      { message: 'A link starts with /, #, https://, http://, mailto: or tel:', list: { kind: 'blocks' }, blockId: 'hero-1', field: 'props.button.action.href', where: 'hero › Button › Action › Href' },
    ]);
    expect(blockErrors(problems, 'hero-1')).toEqual({ 'props.title': 'This field is required', 'props.button.action.href': 'A link starts with /, #, https://, http://, mailto: or tel:' });
    expect(blockErrors(problems, 'cta')).toEqual({});
  });

  it('given errors in a drawer, in a repeater item and on a drawer itself, then they name the drawer, the item and the drawer\'s field', () => {
    const problems = saveProblems(page, {
      'drawers.0.blocks.0.props.text': 'This field is required',
      'blocks.1.props.buttons.0.action.type': 'Unknown action type',
      'drawers.0.id': 'Each block, view and drawer needs its own id',
    });
    expect(problems.map(({ where, list, blockId, field }) => ({ where, list, blockId, field }))).toEqual([
      { where: 'Drawer: Drinks › promoBanner › Text', list: { kind: 'drawers', index: 0 }, blockId: 'refills', field: 'props.text' },
      { where: 'buttonGroup › Buttons 1 › Action › Type', list: { kind: 'blocks' }, blockId: 'cta', field: 'props.buttons.0.action.type' },
      { where: 'Drawer: Drinks › Id', list: { kind: 'drawers', index: 0 }, blockId: null, field: 'id' },
    ]);
  });
});
