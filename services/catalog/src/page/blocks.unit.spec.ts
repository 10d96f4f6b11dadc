import { fieldErrors } from '@seatside/chassis';
import { actionSchema, actionTypes, blockDefaults, blockSchema, blockTypes, pageJsonSchemas, pageSchema, productIdsOf, type Page } from './blocks';
import { actionExamples, blockExamples } from './examples.testkit';

const errorsOf = (schema: typeof pageSchema | typeof blockSchema | typeof actionSchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('page builder schemas (seed 002 §3, §9)', () => {
  describe.each(blockTypes)('block type %s', (type) => {
    it('given its valid example, then it passes; given its invalid one, then the error names the path', () => {
      const example = blockExamples[type];
      expect(blockSchema.safeParse(example.valid).success).toBe(true);
      const errors = errorsOf(blockSchema, example.invalid);
      expect(Object.keys(errors)[0]).toBe(example.path);
      expect(errors[example.path]).toEqual(typeof example.message === 'string' ? example.message : expect.stringMatching(example.message));
    });

    it('given the editor default of a new block, then a page holding it is valid once its image (if any) is set', () => {
      const props = { ...blockDefaults[type], ...(type === 'image' ? { src: '/media/a.png' } : {}), ...(type === 'cards' ? { items: [{ title: 'One' }] } : {}) };
      expect(errorsOf(pageSchema, { blocks: [{ id: 'b1', type, props }] })).toEqual({});
    });
  });

  describe.each(actionTypes)('action type %s', (type) => {
    it('given its valid example, then it passes; given its invalid one, then the error names the path', () => {
      const example = actionExamples[type];
      expect(actionSchema.safeParse(example.valid).success).toBe(true);
      const errors = errorsOf(actionSchema, example.invalid);
      const path = example.path || '_';
      expect(Object.keys(errors)[0]).toBe(path);
      expect(errors[path]).toEqual(typeof example.message === 'string' ? example.message : expect.stringMatching(example.message));
    });
  });

  it('given an unknown block type, then it is refused at blocks.N.type', () => {
    expect(errorsOf(pageSchema, { blocks: [{ id: 'a', type: 'hero', props: { title: 'Hi' } }, { id: 'b', type: 'carousel', props: {} }] })).toEqual({ 'blocks.1.type': 'Unknown block type' });
  });

  it('given defaults left out, then the saved page carries them (visibility xs to lg, no action, spacer 24)', () => {
    const page = pageSchema.parse({ blocks: [{ id: 'a', type: 'spacer', props: {} }], drawers: [{ id: 'drinks', blocks: [{ id: 'c', type: 'promoBanner', props: { text: 'Happy hour' } }] }] }) as Page;
    expect(page.blocks[0]).toEqual({ id: 'a', type: 'spacer', visibility: ['xs', 'sm', 'md', 'lg'], props: { height: 24 } });
    expect(page.views).toEqual([]);
    expect(page.drawers[0]?.blocks[0]?.props).toEqual({ text: 'Happy hour', color: 'primary', action: null });
  });

  it('given two blocks with one id (across drawers too), then the second is refused', () => {
    expect(errorsOf(pageSchema, { blocks: [{ id: 'a', type: 'spacer', props: {} }], drawers: [{ id: 'd', blocks: [{ id: 'a', type: 'spacer', props: {} }] }] })).toEqual({ 'drawers.0.blocks.0.id': 'Each block, view and drawer needs its own id' });
  });

  it('given a page, then productIdsOf lists the ids of every product grid', () => {
    const page = pageSchema.parse({ blocks: [{ id: 'g', type: 'productGrid', props: { productIds: ['p1'] } }], views: [{ id: 'v', blocks: [{ id: 'h', type: 'productGrid', props: { productIds: ['p2'] } }] }] }) as Page;
    expect(productIdsOf(page)).toEqual(['p1', 'p2']);
  });

  it('then a JSON Schema exists for the page, every block type and every action type, with the §9 enums', () => {
    const schemas = pageJsonSchemas();
    expect(Object.keys(schemas.blocks).sort()).toEqual([...blockTypes].sort());
    expect(Object.keys(schemas.actions).sort()).toEqual([...actionTypes].sort());
    expect(JSON.stringify(schemas.actions.navigate)).toContain('"slideInUpOut"');
    expect(schemas.enums).toEqual({
      visibilitySizes: ['xs', 'sm', 'md', 'lg'],
      transitions: ['none', 'slideInOut', 'slideBack', 'slideInUpOut', 'fade', 'scale', 'rotate', 'flip'],
      alertColors: ['primary', 'secondary', 'success', 'error', 'info'],
      linkTargets: ['_self', '_blank'],
    });
  });
});
