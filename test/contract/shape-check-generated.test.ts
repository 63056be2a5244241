import { afterAll, expect, it, vi } from 'vitest';
import * as z from 'zod';

/**
 * A schema's check loops over each object's fields for its first answers, then is compiled again
 * with each object's check written out as a function of its own (shape-check.ts says why both).
 * Counted here through Function, which writes those functions: none for the first answers (the
 * start-up's first reads pay nothing for it), one per object schema from the third on.
 */
const generated: unknown[][] = [];
vi.stubGlobal(
  'Function',
  new Proxy(Function, {
    construct(target, args: unknown[], newTarget: () => unknown) {
      if (args[0] === 'checks') generated.push(args);
      return Reflect.construct(target, args, newTarget) as object;
    },
  }),
);
afterAll(() => {
  vi.unstubAllGlobals();
});

const { passesUnchanged } = await import('../../src/contract/shape-check.js');

it("writes a schema's object checks out as code from its third answer on, and they agree with the loop", () => {
  const page = z.looseObject({ page: z.number(), results: z.array(z.looseObject({ id: z.number(), title: z.string().nullable().optional() })) });
  const good = { page: 1, results: [{ id: 1, title: 'A' }, { id: 2, title: null }, { id: 3 }] };
  const bad = { page: 1, results: [{ id: 1, title: 2 }] };

  expect(passesUnchanged(page, good)).toBe(true);
  expect(passesUnchanged(page, bad)).toBe(false);
  expect(generated).toHaveLength(0);

  expect(passesUnchanged(page, good)).toBe(true);
  // The page and its items: one function each.
  expect(generated).toHaveLength(2);
  expect(passesUnchanged(page, bad)).toBe(false);
  expect(passesUnchanged(page, { page: 1, results: [{ title: 'no id' }] })).toBe(false);
  expect(passesUnchanged(page, { page: 1, results: [{ id: Infinity }] })).toBe(false);
  expect(passesUnchanged(page, good)).toBe(true);
  expect(generated).toHaveLength(2);
});
