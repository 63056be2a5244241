import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.js';

/**
 * Screens ask for titles by what they are (state/reads/title-sources.ts), and state builds discover's
 * query in one place (state/reads/discover.ts): no file under src/ui/ writes a parameter name that only
 * discover takes (with_keywords, certification.lte, with_networks, ...). Names other operations
 * take too (page, language, region) say nothing about discover and are left out, and so are
 * plain words the program uses for its own things (`certification`, a label of a ladder, is a
 * field of every certifications answer): a name with a '_' or a '.' is the service's spelling.
 * Comments and text shown to the user may name them; only names in code count.
 */

const UI = join(import.meta.dirname, '..', '..', 'src', 'ui');

/** The query names of discover that no other operation takes. */
function discoverOnlyNames(): Set<string> {
  const elsewhere = new Set<string>();
  const discover = new Set<string>();
  for (const [op, row] of Object.entries(endpoints)) {
    const names = Object.keys((row as { query?: Record<string, unknown> }).query ?? {});
    for (const name of names) (op === 'discoverMovies' || op === 'discoverSeries' ? discover : elsewhere).add(name);
  }
  return new Set([...discover].filter((name) => !elsewhere.has(name) && /[._]/.test(name)));
}

/** The discover names `source` writes as a string, an object key or a property: "with_keywords 3:14". */
function namesWritten(file: string, source: string, names: ReadonlySet<string>): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const note = (node: ts.Node, text: string) => {
    if (!names.has(text)) return;
    const { line, character } = tree.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${text} ${line + 1}:${character + 1}`);
  };
  const visit = (node: ts.Node) => {
    // A whole string that is a name ("certification.lte"), not a sentence that mentions one.
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) note(node, node.text);
    else if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && ts.isIdentifier(node.name)) note(node.name, node.name.text);
    else if (ts.isPropertyAccessExpression(node)) note(node.name, node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

function uiFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return uiFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("discover's parameter names", () => {
  const names = discoverOnlyNames();

  it('are known from the operations table, and the check finds them in code (not in prose)', () => {
    for (const name of ['with_keywords', 'with_networks', 'with_companies', 'certification_country', 'certification.lte', 'primary_release_date.gte']) {
      expect(names.has(name), name).toBe(true);
    }
    for (const shared of ['page', 'language', 'sort_by', 'certification']) expect(names.has(shared), shared).toBe(false);
    const sample = [
      "const a = usePagedOperation('discoverSeries', { query: { with_keywords: String(id) } });",
      "const b = { 'certification.lte': label, certification_country };",
      'query.with_networks = id;',
      '// discover with_companies, in a comment',
      "const shown = 'this label or milder (certification.lte)';",
    ].join('\n');
    expect(namesWritten('sample.tsx', sample, names)).toEqual([
      'with_keywords 1:58',
      'certification.lte 2:13',
      'certification_country 2:41',
      'with_networks 3:7',
    ]);
  });

  it('are written by no file under src/ui/ (screens ask state for a title source)', () => {
    const found = uiFiles(UI).flatMap((file) =>
      namesWritten(file, readFileSync(file, 'utf8'), names).map((hit) => `${file.slice(UI.length + 1)}: ${hit}`),
    );
    expect(found).toEqual([]);
  });
});
