import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of src/README.md ("Dependencies flow one way"), checked on the real imports of
 * every file under src/, read with TypeScript's own parser: static imports and re-exports,
 * `import()` and `import('…')` types. Type-only imports count for the direction: a layer that
 * names another's types still changes when that layer changes, and cannot move without it (the
 * cycle check counts them too). Only the check that the key table loads no Ink follows value
 * imports alone, since that one is about what Node loads.
 */

const SRC = join(import.meta.dirname, '..', '..', 'src');

interface Import {
  /** A file under src/ ("ui/keymap.ts"), or a package ("ink"). */
  readonly target: string;
  readonly typeOnly: boolean;
}

/** The file a relative specifier names: TypeScript's `./x.js` is `x.ts` or `x.tsx` (or `x/index.ts`). */
function resolve(from: string, specifier: string, files: ReadonlySet<string>): string {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.(js|jsx|mjs)$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  return base;
}

/** The imports `source` (the text of `file`, a path under src/) makes. */
function importsOf(file: string, source: string, files: ReadonlySet<string>): Import[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) =>
    found.push({ target: specifier.startsWith('.') ? resolve(file, specifier, files) : specifier, typeOnly });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      // `import type {…}`, or `import { type A, type B }`, which the build drops (verbatimModuleSyntax is off).
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) add(argument.text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The layer a file under src/ belongs to: its folder, and the root files by name. */
function layerOf(file: string): string {
  if (file.includes('/')) return file.slice(0, file.indexOf('/'));
  return file.replace(/\.tsx?$/, '');
}

/**
 * What each layer may import of ours besides itself, as src/README.md says it. `commands` (each
 * mode's wiring) and `cli` (the entry) may import any layer but `ui`, which only the TUI command
 * imports (UI_IMPORTERS below).
 */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  contract: [],
  storage: [],
  terminal: [],
  version: [],
  'node-support': [],
  api: ['contract'],
  server: ['contract', 'storage'],
  transfers: ['api', 'contract', 'storage'],
  config: ['contract', 'storage', 'terminal'],
  state: ['api', 'contract', 'storage', 'terminal', 'transfers'],
  ui: ['contract', 'state', 'terminal'],
  commands: ['api', 'cli', 'config', 'contract', 'node-support', 'server', 'state', 'storage', 'terminal', 'transfers', 'version'],
  cli: ['commands', 'config', 'contract', 'node-support', 'storage', 'terminal', 'version'],
};

/**
 * Who outside ui/ may import from it: the TUI command, and `marquee config` the key table alone
 * (`config check` and `config keys` read the keys as the TUI would bind them). The key table is
 * data and key names, no Ink: the last test checks it loads none.
 */
const UI_IMPORTERS: readonly { readonly importer: RegExp; readonly targets: RegExp }[] = [
  { importer: /^commands\/tui[^/]*$/, targets: /^ui\// },
  { importer: /^commands\/config\.ts$/, targets: /^ui\/(keymap|key-bindings)\.ts$/ },
];

/** Ink, React and what is built on them (ink-text-input, zustand's React hooks). */
const INK_OR_REACT = /^(ink|react)(-[^/]*)?(\/|$)|^zustand\/react(\/|$)/;
const MAY_IMPORT_INK = /^(ui\/|commands\/tui[^/]*$)/;

/** Every import that breaks a rule, one line each: `importer -> target: rule`. */
function layerFindings(imports: ReadonlyMap<string, readonly Import[]>): string[] {
  const findings: string[] = [];
  for (const [file, fileImports] of imports) {
    const layer = layerOf(file);
    for (const { target } of fileImports) {
      if (!imports.has(target)) {
        if (INK_OR_REACT.test(target) && !MAY_IMPORT_INK.test(file)) findings.push(`${file} -> ${target}: no Ink or React outside ui/ and commands/tui*`);
        continue;
      }
      const targetLayer = layerOf(target);
      if (targetLayer === layer) continue;
      if (targetLayer === 'ui') {
        if (!UI_IMPORTERS.some(({ importer, targets }) => importer.test(file) && targets.test(target))) {
          findings.push(`${file} -> ${target}: nothing imports ui/ but the TUI command (and marquee config the key table)`);
        }
        continue;
      }
      const allowed = MAY_IMPORT[layer];
      if (allowed === undefined) findings.push(`${file}: in no layer of the table`);
      else if (!allowed.includes(targetLayer)) findings.push(`${file} -> ${target}: ${layer} may import only ${allowed.join(', ') || 'nothing of ours'}`);
    }
  }
  return findings;
}

/** Every file under src/ and its imports. */
function readSrc(): Map<string, Import[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => file.split(/[\\/]/).join('/'));
  const known = new Set(files);
  return new Map(files.map((file) => [file, importsOf(file, readFileSync(join(SRC, file), 'utf8'), known)]));
}

/** The packages `file` loads at run time, through the files of ours it loads (value imports only). */
function packagesLoadedBy(file: string, imports: ReadonlyMap<string, readonly Import[]>): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const walk = (current: string): void => {
    if (seen.has(current)) return;
    seen.add(current);
    for (const { target, typeOnly } of imports.get(current) ?? []) {
      if (typeOnly) continue;
      if (imports.has(target)) walk(target);
      else packages.add(target);
    }
  };
  walk(file);
  return packages;
}

describe('layers', () => {
  const imports = readSrc();

  it('reads the imports it must: type-only, re-exports, import() and import types (the check sees what it must)', () => {
    const files = new Set(['ui/a.ts', 'api/b.ts', 'server/c.ts', 'state/d.tsx', 'contract/e.ts', 'contract/f.ts']);
    const source = [
      "import type { B } from '../api/b.js';",
      "import { type C } from '../server/c.js';",
      "export { D } from '../state/d.js';",
      "import React from 'react';",
      "const e = await import('../contract/e.js');",
      "type F = import('../contract/f.js').F;",
    ].join('\n');
    expect(importsOf('ui/a.ts', source, files)).toEqual([
      { target: 'api/b.ts', typeOnly: true },
      { target: 'server/c.ts', typeOnly: true },
      { target: 'state/d.tsx', typeOnly: false },
      { target: 'react', typeOnly: false },
      { target: 'contract/e.ts', typeOnly: false },
      { target: 'contract/f.ts', typeOnly: true },
    ]);
  });

  it('finds each kind of break (the rules fail when they must)', () => {
    const broken = new Map<string, Import[]>([
      ['contract/a.ts', [{ target: 'storage/s.ts', typeOnly: true }]],
      ['ui/b.tsx', [{ target: 'api/c.ts', typeOnly: true }, { target: 'server/d.ts', typeOnly: false }, { target: 'storage/s.ts', typeOnly: false }]],
      ['state/e.ts', [{ target: 'ui/b.tsx', typeOnly: true }, { target: 'ink', typeOnly: false }]],
      ['api/c.ts', [{ target: 'server/d.ts', typeOnly: false }]],
      ['server/d.ts', [{ target: 'api/c.ts', typeOnly: true }]],
      ['commands/api.ts', [{ target: 'ui/b.tsx', typeOnly: false }, { target: 'react', typeOnly: true }]],
      ['commands/config.ts', [{ target: 'ui/b.tsx', typeOnly: false }, { target: 'ui/keymap.ts', typeOnly: false }]],
      ['commands/tui-app.tsx', [{ target: 'ui/b.tsx', typeOnly: false }, { target: 'ink', typeOnly: false }]],
      ['storage/s.ts', []],
      ['ui/keymap.ts', [{ target: 'state/e.ts', typeOnly: true }]],
    ]);
    expect(layerFindings(broken).map((finding) => finding.slice(0, finding.indexOf(':')))).toEqual([
      'contract/a.ts -> storage/s.ts',
      'ui/b.tsx -> api/c.ts',
      'ui/b.tsx -> server/d.ts',
      'ui/b.tsx -> storage/s.ts',
      'state/e.ts -> ui/b.tsx',
      'state/e.ts -> ink',
      'api/c.ts -> server/d.ts',
      'server/d.ts -> api/c.ts',
      'commands/api.ts -> ui/b.tsx',
      'commands/api.ts -> react',
      'commands/config.ts -> ui/b.tsx',
    ]);
  });

  it('every layer under src/ is in the table', () => {
    const layers = new Set([...imports.keys()].map(layerOf));
    expect([...layers].filter((layer) => layer !== 'ui' && MAY_IMPORT[layer] === undefined)).toEqual([]);
  });

  it('src/ keeps to them', () => {
    expect(imports.size).toBeGreaterThan(100);
    expect(layerFindings(imports)).toEqual([]);
  });

  it('the key table marquee config reads loads no Ink or React', () => {
    const loaded = [...packagesLoadedBy('commands/config.ts', imports)];
    expect(loaded.filter((name) => INK_OR_REACT.test(name))).toEqual([]);
    // The walk reaches the key table (were the imports not read, this would pass on nothing).
    expect(packagesLoadedBy('ui/App.tsx', imports).has('ink')).toBe(true);
  });
});
