import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPORT_FORMATS } from '../../src/transfers/export-formats.js';
import { IMPORT_SOURCES } from '../../src/transfers/rows.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConfigCommand } from '../../src/commands/config.js';
import { runApiCommand } from '../../src/commands/api.js';
import { COMMANDS, completionScript, operationPaths, runCompletionCommand, type Shell } from '../../src/commands/completion.js';
import { runDoctorCommand } from '../../src/commands/doctor.js';
import { runServeCommand } from '../../src/commands/serve.js';
import { runExportCommand } from '../../src/commands/export.js';
import { runImportCommand } from '../../src/commands/import.js';
import { operationKeys, operations } from '../../src/contract/index.js';

/** The completion scripts, run by the shells themselves: what Tab offers, not only what is printed. */

let dir: string;
const scripts = {} as Record<Shell, string>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-completion-'));
  for (const shell of ['bash', 'zsh', 'fish'] as const) {
    scripts[shell] = join(dir, `marquee.${shell}`);
    writeFileSync(scripts[shell], completionScript(shell));
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hasShell = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

/** What bash's completion function offers for the words typed so far (the last one is being completed). */
function bashComplete(...words: string[]): string[] {
  const program = `
source "$1"; shift
COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=()
_marquee
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const run = spawnSync('bash', ['--norc', '--noprofile', '-c', program, 'bash', scripts.bash, ...words], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout.split('\n').filter(Boolean);
}

function flagsOfHelp(help: string): string[] {
  return [...new Set(help.match(/--[a-z][a-z-]*/g) ?? [])].sort();
}

async function helpOf(command: string): Promise<string> {
  let text = '';
  const out = { write: (chunk: string) => (text += chunk) };
  if (command === 'api') await runApiCommand(['--help'], { stdout: out, stderr: out, env: {} });
  if (command === 'serve') await runServeCommand(['--help'], { stdout: out, stderr: out, env: {} });
  if (command === 'doctor') await runDoctorCommand(['--help'], { stdout: out, stderr: out, env: {} });
  if (command === 'export') await runExportCommand(['--help'], { stdout: out, stderr: out, env: {} });
  if (command === 'import') await runImportCommand(['--help'], { stdout: out, stderr: out, env: {} });
  if (command === 'config') await runConfigCommand(['--help'], { stdout: out, stderr: out, env: {} });
  if (command === 'completion') runCompletionCommand(['--help'], out, out);
  return text;
}

describe('marquee completion bash', () => {
  it('completes marquee api /3/mo<Tab> to the movie operation paths of the contract', () => {
    const offered = bashComplete('marquee', 'api', '/3/mo');
    const expected = [...new Set(operationKeys.map((k) => operations[k].path).filter((p) => p.startsWith('/3/mo')))].sort();
    expect(offered.sort()).toEqual(expected);
    expect(offered).toContain('/3/movie/popular');
    expect(offered).toContain('/3/movie/{movie_id}/images');
  });

  it('offers every operation path of the table, each once', () => {
    const offered = bashComplete('marquee', 'api', '');
    const paths = new Set(operationKeys.map((k) => operations[k].path));
    expect(offered.sort()).toEqual([...paths].sort());
    expect(operationPaths().map((p) => p.path).sort()).toEqual([...paths].sort());
  });

  it('completes commands, then each command its own flags and values', () => {
    expect(bashComplete('marquee', '')).toEqual(COMMANDS.map((c) => c.name));
    expect(bashComplete('marquee', 'se')).toEqual(['serve']);
    expect(bashComplete('marquee', '--n')).toEqual(['--no-color']);
    expect(bashComplete('marquee', 'api', '-X', '')).toEqual(['GET', 'POST', 'DELETE']);
    expect(bashComplete('marquee', 'api', '--method', 'P')).toEqual(['POST']);
    expect(bashComplete('marquee', 'api', '/3/movie/550', '--t')).toEqual(['--timeout']);
    expect(bashComplete('marquee', 'serve', '--data', '')).toEqual([]);
    expect(bashComplete('marquee', 'serve', '--c')).toEqual(['--catalog-size']);
    expect(bashComplete('marquee', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(bashComplete('marquee', 'doctor', '--')).toEqual(['--base-url', '--help']);
    // A flag whose value is one of a few words offers them: the formats and sources the commands take.
    expect(bashComplete('marquee', 'export', '--format', '')).toEqual([...EXPORT_FORMATS, 'stats-json']);
    expect(bashComplete('marquee', 'import', 'file.csv', '--from', 'l')).toEqual(['letterboxd']);
    expect(bashComplete('marquee', 'import', '--from', '')).toEqual([...IMPORT_SOURCES]);
    expect(completionScript('zsh')).toContain("'--from[imdb, letterboxd, trakt or marquee (default  told from the file)]:from:(imdb letterboxd trakt marquee)'");
    expect(completionScript('fish')).toContain("-l format -x -a 'json csv letterboxd stats-json'");
    // After a flag that takes free text, nothing is made up.
    expect(bashComplete('marquee', 'api', '--base-url', '')).toEqual([]);
  });

  it('completes a folder after serve --data-dir', () => {
    const offered = bashComplete('marquee', 'serve', '--data-dir', join(dir, 'marquee.'));
    // The folder holds files only: no folder to offer.
    expect(offered).toEqual([]);
    expect(bashComplete('marquee', 'serve', '--data-dir', dir.slice(0, -2))).toContain(dir);
  });
});

describe('marquee completion bash: file names with spaces', () => {
  it('offers each file or folder as one word, read as the shell reads what is typed', () => {
    const files = join(dir, 'files');
    mkdirSync(join(files, 'My Dir'), { recursive: true });
    for (const name of ['My Ratings.csv', 'My Other.csv', "it's.csv"]) writeFileSync(join(files, name), '');
    const at = (name: string) => join(files, name);
    expect(bashComplete('marquee', 'import', at('My')).sort()).toEqual([at('My Dir'), at('My Other.csv'), at('My Ratings.csv')]);
    expect(bashComplete('marquee', 'import', at('My\\ R'))).toEqual([at('My Ratings.csv')]);
    expect(bashComplete('marquee', 'import', `'${at('My R')}`)).toEqual([at('My Ratings.csv')]);
    expect(bashComplete('marquee', 'import', at("it\\'"))).toEqual([at("it's.csv")]);
    expect(bashComplete('marquee', 'import', '--report', at('My O'))).toEqual([at('My Other.csv')]);
    expect(bashComplete('marquee', 'export', '--out', at('My R'))).toEqual([at('My Ratings.csv')]);
    expect(bashComplete('marquee', 'serve', '--data-dir', at('My'))).toEqual([at('My Dir')]);
  });
});

describe('the flags the scripts offer', () => {
  it.each(COMMANDS.filter((c) => c.name !== 'help').map((c) => [c.name, c] as const))(
    'are the flags marquee %s --help lists',
    async (name, command) => {
      const offered = command.flags.map((f) => `--${f.long}`).sort();
      expect(offered).toEqual(flagsOfHelp(await helpOf(name)));
    },
  );
});

describe('marquee completion zsh and fish', () => {
  it.skipIf(!hasShell('fish'))('fish completes api paths with their summaries, and -X with the methods', () => {
    const run = spawnSync(
      'fish',
      ['--no-config', '-c', `source ${scripts.fish}; complete -C "marquee api /3/movie/p"; complete -C "marquee api -X "`],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('/3/movie/popular\tPopular movies');
    expect(run.stdout).toMatch(/^DELETE\t/m);
    expect(run.stdout).not.toContain('/3/tv/');
  });

  it.skipIf(!hasShell('zsh'))('zsh reads the script without a syntax error', () => {
    const run = spawnSync('zsh', ['-n', scripts.zsh], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('every script names each command and operation path', () => {
    for (const shell of ['bash', 'zsh', 'fish'] as const) {
      const script = completionScript(shell);
      for (const command of COMMANDS) expect(script).toContain(command.name);
      for (const { path } of operationPaths()) expect(script).toContain(path);
    }
  });
});

describe('marquee completion usage', () => {
  it('prints the script for a known shell and refuses anything else with exit 2', () => {
    let out = '';
    let err = '';
    const stdout = { write: (chunk: string) => (out += chunk) };
    const stderr = { write: (chunk: string) => (err += chunk) };
    expect(runCompletionCommand(['bash'], stdout, stderr)).toBe(0);
    expect(out).toContain('complete -F _marquee marquee');
    expect(runCompletionCommand(['tcsh'], stdout, stderr)).toBe(2);
    expect(runCompletionCommand([], stdout, stderr)).toBe(2);
    expect(err).toBe(
      'marquee completion: expected bash, zsh or fish ("tcsh" is not one of them)\n' +
        'marquee completion: expected bash, zsh or fish (no shell given)\n',
    );
  });
});
