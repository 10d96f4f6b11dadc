import { z } from 'zod';
import { fieldErrors, fieldLabel, parseInput, requiredText } from './validate';

describe('over-long fields', () => {
  const form = z.object({
    firstName: requiredText('Required*').max(200),
    address: z.object({ postal_code: z.string().max(40) }),
    code: z.string().min(3, 'Codes are longer').max(5),
  });

  it('given a string over its .max(), then "<Field> must be at most N characters", the field named in words', () => {
    const result = form.safeParse({ firstName: 'x'.repeat(201), address: { postal_code: '1'.repeat(41) }, code: 'abc' });
    expect(fieldErrors(result.error!)).toEqual({
      firstName: 'First name must be at most 200 characters',
      'address.postal_code': 'Postal code must be at most 40 characters',
    });
  });

  it("given any other issue, then the schema's own message (the spec's messages never change)", () => {
    expect(() => parseInput(form, { firstName: '', address: { postal_code: '' }, code: 'abc' })).toThrow('Required*');
    expect(fieldErrors(form.safeParse({ firstName: 'a', address: { postal_code: '' }, code: 'ab' }).error!)).toEqual({ code: 'Codes are longer' });
    expect(fieldErrors(form.safeParse({ firstName: 'a', address: { postal_code: '' }, code: 'abcdef' }).error!)).toEqual({ code: 'Code must be at most 5 characters' });
  });

  it('given a body that is an array (JSON, but no object), then it says the body must be a JSON object, not the validator\'s "expected object, received array"', () => {
    expect(() => parseInput(form, [1, 2])).toThrow('The request body must be a JSON object');
    expect(fieldErrors(form.safeParse([]).error!)).toEqual({ _: 'The request body must be a JSON object' });
    expect(fieldErrors(form.safeParse({ firstName: 'a', address: [], code: 'abc' }).error!).address).not.toBe('The request body must be a JSON object');
  });

  it("given values of the wrong type that the schema gives no message for, then each field says what it must be, in words (not the validator's 'expected array, received string')", () => {
    const menu = z.object({
      products: z.array(z.string()).optional(),
      availability: z.object({ allDayMenu: z.boolean().optional(), position: z.number().int().optional() }).optional(),
      title: requiredText('Title is required'),
    });
    expect(fieldErrors(menu.safeParse({ products: 'abc', availability: 'x', title: 'M' }).error!)).toEqual({ products: 'Products must be a list', availability: 'Availability must be an object' });
    expect(fieldErrors(menu.safeParse({ products: [1], availability: { allDayMenu: 'yes', position: 'first' }, title: 'M' }).error!)).toEqual({
      'products.0': 'Products must be text',
      'availability.allDayMenu': 'All day menu must be true or false',
      'availability.position': 'Position must be a number',
    });
    // A schema's own message for a wrong type (the spec's texts) stays as it is.
    expect(fieldErrors(menu.safeParse({ title: 7 }).error!)).toEqual({ title: 'Title is required' });
  });

  it.each([
    [['title'], 'Title'], [['items', 0, 'displayName'], 'Display name'], [['metadata', 3], 'Metadata'], [[], 'Value'],
  ] as const)('given the path %j, then the label %s', (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });
});
