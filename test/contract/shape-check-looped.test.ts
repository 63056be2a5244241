import { vi } from 'vitest';

/**
 * The compiled checks write each object's check out as a function of its own where the process
 * may compile code from text; in a process that may not (Node started with
 * --disallow-code-generation-from-strings) they loop over the fields instead. Every test of
 * shape-check.test.ts again, in that case: the modules are evaluated afresh in this file, after
 * Function is made to refuse the checks' code (and only theirs: the server the tests read
 * bodies from compiles code of its own).
 */
const refusing = (args: unknown[]) => {
  if (args[0] === 'return true' || args[0] === 'checks') throw new EvalError('Code generation from strings disallowed for this context');
};
vi.stubGlobal(
  'Function',
  new Proxy(Function, {
    construct(target, args: unknown[], newTarget: () => unknown) {
      refusing(args);
      return Reflect.construct(target, args, newTarget) as object;
    },
    apply(target, self, args: unknown[]) {
      refusing(args);
      return Reflect.apply(target, self, args) as unknown;
    },
  }),
);

await import('./shape-check.test.js');
