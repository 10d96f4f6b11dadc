import fs from 'node:fs';
import path from 'node:path';
import { RESERVED_HANDLES } from '@seatside/catalog/src/tenants/handle';

/** The shell's ROUTE_TABLE patterns, read as text: an app may not be imported, even by tools. */
const shellPatterns = () =>
  [...fs.readFileSync(path.resolve(__dirname, '../../frontends/shell/src/routes.ts'), 'utf8').matchAll(/^\s*\['(\/[^']*)',\s*'\w+'\],/gm)].map((m) => m[1]!);

describe('handles a tenant may not take', () => {
  it("given the shell's route table, then the first segment of every page but /{handle} is reserved", () => {
    const firstSegments = shellPatterns().map((pattern) => pattern.split('/')[1] ?? '').filter((segment) => segment && !segment.startsWith(':'));
    expect(firstSegments).toEqual(expect.arrayContaining(['features', 'dashboard', 'tag']));
    expect(firstSegments.filter((segment) => !RESERVED_HANDLES.has(segment))).toEqual([]);
  });
});
