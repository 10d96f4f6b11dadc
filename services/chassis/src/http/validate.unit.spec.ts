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
  });

  describe('a wrong type against a missing value, as every route parses its body (parseInput)', () => {
    const product = z.object({
      title: requiredText('Title is required'),
      url: z.string({ error: 'Url is required' }).trim().min(1, 'Url is required'),
      stockQuantity: z.number({ error: 'Stock quantity must be a whole number of 0 or more' }).int('Stock quantity must be a whole number of 0 or more').optional(),
      events: z.array(z.string(), { error: 'Events must be a list' }).optional(),
    });
    const errorsOf = (input: unknown) => {
      try {
        parseInput(product, input);
      } catch (err) {
        return { message: (err as Error).message, errors: (err as { errors?: Record<string, string> }).errors };
      }
      throw new Error('parsed');
    };

    it('given {"title": 123}, then "Title must be text", not the required message the schema gives a missing title', () => {
      expect(errorsOf({ title: 123, url: 'https://x.test' })).toEqual({ message: 'Title must be text', errors: { title: 'Title must be text' } });
      expect(errorsOf({ title: true, url: ['https://x.test'], stockQuantity: '3', events: 'product.created' }).errors).toEqual({
        title: 'Title must be text',
        url: 'Url must be text',
        stockQuantity: 'Stock quantity must be a number',
        events: 'Events must be a list',
      });
    });

    it.each([[{}], [{ title: null, url: null }], [{ title: '  ', url: '' }]])("given %j (missing, null or blank), then the spec's required messages", (input) => {
      expect(errorsOf(input).errors).toEqual({ title: 'Title is required', url: 'Url is required' });
    });

    it("given a value of the right type out of its schema's range, then the schema's own message", () => {
      expect(errorsOf({ title: 'Soda', url: 'u', stockQuantity: 1.5 }).errors).toEqual({ stockQuantity: 'Stock quantity must be a whole number of 0 or more' });
    });
  });

  it.each([
    [['title'], 'Title'], [['items', 0, 'displayName'], 'Display name'], [['metadata', 3], 'Metadata'], [[], 'Value'],
  ] as const)('given the path %j, then the label %s', (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });
});
