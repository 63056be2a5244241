import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Each operation has a row in three tables: its request (contract/endpoints.ts), its shapes
 * (contract/operations.ts) and its handler (server/handlers/index.ts). They stay three: the TUI
 * loads the requests without a schema, and the contract imports nothing of the server. The
 * compiler already refuses a row missing from one of them; this keeps them in one order, so a
 * reader walks the three side by side.
 */

const SRC = join(import.meta.dirname, '..', '..', 'src');

/** The property names, in order, of the object literal `name` is declared with in `file`. */
function tableKeys(file: string, name: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(SRC, file), 'utf8'), ts.ScriptTarget.Latest, true);
  let keys: string[] | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) {
      let value: ts.Expression = node.initializer;
      while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value)) value = value.expression;
      if (ts.isObjectLiteralExpression(value)) {
        keys = value.properties.map((property) => (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : '?'));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (keys === undefined) throw new Error(`no object literal ${name} in ${file}`);
  return keys;
}

describe('the three tables of operations', () => {
  const requests = tableKeys('contract/endpoints.ts', 'endpoints');

  it('reads the tables (were they not read, the order would agree on nothing)', () => {
    expect(requests.length).toBeGreaterThan(100);
    expect(requests).toContain('rateEpisode');
    expect(new Set(requests).size).toBe(requests.length);
  });

  it('list the operations in the order of the requests', () => {
    expect(tableKeys('contract/operations.ts', 'schemas')).toEqual(requests);
    expect(tableKeys('server/handlers/index.ts', 'handlers')).toEqual(requests);
  });
});
