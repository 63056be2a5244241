import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link in the repository's markdown files names a file that is there, and a
 * `#heading` in it names a heading of that file: the documents live beside the code they
 * describe and link to each other, so a moved file or a renamed heading must not leave a link
 * to nothing behind.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.bench']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The text without code blocks, where a `[x](y)` is code, not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/^(    |\t).*$/gm, '');
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as '-'. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading = ''] of prose(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    anchors.add(
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    );
  }
  return anchors;
}

/** Each relative link of `file` that leads nowhere, as "file: target". */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const [, target = ''] of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto: and the like
    const [path = '', anchor] = target.split('#');
    const linked = path === '' ? file : join(dirname(file), decodeURIComponent(path));
    const where = `${relative(ROOT, file)}: ${target}`;
    if (!existsSync(linked)) broken.push(where);
    else if (anchor !== undefined && (!statSync(linked).isFile() || !anchorsOf(readFileSync(linked, 'utf8')).has(anchor))) broken.push(where);
  }
  return broken;
}

describe('markdown links', () => {
  const files = markdownFiles(ROOT);

  it('finds the documents and reads anchors as GitHub makes them (the check sees what it must)', () => {
    expect(files.map((file) => relative(ROOT, file))).toEqual(expect.arrayContaining(['README.md', 'src/README.md', 'test/README.md']));
    expect(anchorsOf('## Use `marquee serve` in your tests\n```\n# not a heading\n```\n### Faults on demand: test your client\'s retry code\n')).toEqual(
      new Set(['use-marquee-serve-in-your-tests', 'faults-on-demand-test-your-clients-retry-code']),
    );
  });

  it('every relative link resolves, to a heading that is there when it names one', () => {
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });
});
