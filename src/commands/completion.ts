import { operationKeys, operations } from '../contract/index.js';
import { readFlags } from './flags.js';

/**
 * `marquee completion bash|zsh|fish`: prints a completion script for the commands, their flags,
 * and the operation paths of `marquee api`, taken from the contract's table of operations. The
 * scripts are static (no call back into marquee on Tab), so completing costs nothing.
 */

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** What a flag's value is, so each shell can offer the right things after it. */
type ValueKind = 'method' | 'file' | 'dir' | 'shell' | 'text';

export interface FlagSpec {
  long: string;
  short?: string;
  value?: ValueKind;
  /** The words a `text` value is one of (offered after the flag). */
  choices?: readonly string[];
  summary: string;
}

export interface CommandSpec {
  name: string;
  summary: string;
  flags: readonly FlagSpec[];
  /** What the command's positional argument is. */
  positional?: Positional;
}

type Positional = 'path' | 'shell' | 'file';

/** What a shell's script offers for a command's positional argument: its words for each kind, or `none`. */
function offerPositional(command: CommandSpec, offers: Readonly<Record<Positional, string>>, none: string): string {
  return command.positional ? offers[command.positional] : none;
}

const help: FlagSpec = { long: 'help', short: 'h', summary: 'show the help' };
const baseUrl: FlagSpec = { long: 'base-url', value: 'text', summary: 'the service address, e.g. https://api.themoviedb.org' };

/** The top level: the TUI's own flags. */
export const TOP_FLAGS: readonly FlagSpec[] = [
  baseUrl,
  { long: 'no-color', summary: 'draw without colours' },
  help,
  { long: 'version', short: 'V', summary: 'print the version' },
];

/** Kept equal to each command's --help (a test compares them). */
export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'api',
    summary: 'call one operation and print its JSON answer',
    positional: 'path',
    flags: [
      { long: 'method', short: 'X', value: 'method', summary: 'GET, POST or DELETE' },
      { long: 'field', short: 'f', value: 'text', summary: 'a parameter key=value (repeatable)' },
      { long: 'data', value: 'text', summary: 'the request body, as JSON' },
      baseUrl,
      { long: 'timeout', value: 'text', summary: 'give up after MS milliseconds' },
      { long: 'strict', summary: 'also warn about fields of the modern shape the answer lacks' },
      help,
      { long: 'version', short: 'V', summary: 'print the version' },
    ],
  },
  {
    name: 'serve',
    summary: 'run the embedded reference server alone',
    flags: [
      { long: 'host', value: 'text', summary: 'address to listen on' },
      { long: 'port', value: 'text', summary: 'port (0 for any free port)' },
      { long: 'data-dir', value: 'dir', summary: 'where the databases and secret files live' },
      { long: 'token-file', value: 'file', summary: 'file holding the access token' },
      { long: 'token', value: 'text', summary: 'the access token (prefer --token-file)' },
      { long: 'catalog-size', value: 'text', summary: 'titles in the generated catalog' },
      { long: 'seed', value: 'text', summary: 'seed of the generated catalog' },
      { long: 'log', summary: 'log each request' },
      { long: 'faults', value: 'text', summary: 'inject faults (429, 5xx, resets, latency), drawn from --seed' },
      { long: 'allow-remote', summary: 'listen on a non-loopback --host (reachable from the network)' },
      { long: 'print-env', summary: 'print KEY=VALUE environment lines once listening' },
      { long: 'print-token', summary: 'with --print-env, also print the access token' },
      help,
    ],
  },
  {
    name: 'doctor',
    summary: 'check Node.js, the terminal, folders, token, service and catalog',
    flags: [baseUrl, help],
  },
  {
    name: 'export',
    summary: "write the account's ratings, watchlist, favourites and lists to a file",
    flags: [
      { long: 'format', value: 'text', choices: ['json', 'csv', 'letterboxd', 'stats-json'], summary: 'json, csv, letterboxd or stats-json' },
      { long: 'out', short: 'o', value: 'file', summary: 'the file to write (default: stdout)' },
      { long: 'no-imdb-ids', summary: 'do not look up IMDb ids' },
      baseUrl,
      help,
    ],
  },
  {
    name: 'import',
    summary: 'import ratings, watchlist and lists from IMDb, Letterboxd, Trakt or Marquee',
    positional: 'file',
    flags: [
      { long: 'from', value: 'text', choices: ['imdb', 'letterboxd', 'trakt', 'marquee'], summary: 'imdb, letterboxd, trakt or marquee (default: told from the file)' },
      { long: 'dry-run', summary: 'show what would be written and which ratings it would replace, write nothing' },
      { long: 'keep-existing', summary: 'leave ratings the account already holds as they are' },
      { long: 'report', value: 'file', summary: 'write the rows not imported to this CSV' },
      baseUrl,
      help,
    ],
  },
  { name: 'config', summary: 'where the config file is (path), check it (check), the commands and their keys (keys)', flags: [help] },
  { name: 'completion', summary: 'print a shell completion script', positional: 'shell', flags: [help] },
  { name: 'help', summary: 'show the help', flags: [] },
];

/** The operation paths of the contract, each once, with what they do (GET's summary first). */
export function operationPaths(): Array<{ path: string; summary: string }> {
  const byPath = new Map<string, string>();
  for (const key of operationKeys) {
    const { path, summary, method } = operations[key];
    if (!byPath.has(path) || method === 'GET') byPath.set(path, summary);
  }
  return [...byPath].sort(([a], [b]) => a.localeCompare(b)).map(([path, summary]) => ({ path, summary }));
}

export function isShell(name: string | undefined): name is Shell {
  return (SHELLS as readonly string[]).includes(name ?? '');
}

const flagWords = (flags: readonly FlagSpec[]) => flags.flatMap((f) => [`--${f.long}`, ...(f.short ? [`-${f.short}`] : [])]);

/** Single-quoted for any of the three shells ('it'"'"'s'). */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'"'"'`)}'`;
}

function bashScript(): string {
  const paths = operationPaths().map((p) => p.path);
  const valueCases = (flags: readonly FlagSpec[]) => {
    const byKind = new Map<ValueKind, string[]>();
    for (const flag of flags) {
      if (!flag.value || flag.choices) continue;
      byKind.set(flag.value, [...(byKind.get(flag.value) ?? []), `--${flag.long}`, ...(flag.short ? [`-${flag.short}`] : [])]);
    }
    const action: Record<ValueKind, string> = {
      method: '_marquee_offer GET POST DELETE; return',
      file: '_marquee_files -f; return',
      dir: '_marquee_files -d; return',
      shell: '_marquee_offer bash zsh fish; return',
      text: 'return',
    };
    const chosen = flags.filter((flag) => flag.choices).map((flag) => `        ${[`--${flag.long}`, ...(flag.short ? [`-${flag.short}`] : [])].join('|')}) _marquee_offer ${flag.choices!.join(' ')}; return ;;`);
    return [...chosen, ...[...byKind].map(([kind, names]) => `        ${names.join('|')}) ${action[kind]} ;;`)].join('\n');
  };
  const commandCase = (command: CommandSpec) => {
    const positional = offerPositional(command, { path: '_marquee_offer "${_marquee_paths[@]}"', shell: '_marquee_offer bash zsh fish', file: '_marquee_files -f' }, ':');
    return `    ${command.name})
      case $prev in
${valueCases(command.flags)}
      esac
      if [[ $cur == -* ]]; then _marquee_offer ${flagWords(command.flags).join(' ')}; else ${positional}; fi
      ;;`;
  };
  return `# bash completion for marquee. Install:
#   marquee completion bash > ~/.local/share/bash-completion/completions/marquee
# or add to ~/.bashrc:  source <(marquee completion bash)

_marquee_paths=(
${paths.map((p) => `  ${quote(p)}`).join('\n')}
)

# Adds to COMPREPLY the words that start with what is typed.
_marquee_offer() {
  local word
  for word in "$@"; do
    [[ $word == "$cur"* ]] && COMPREPLY+=("$word")
  done
}

# Adds to COMPREPLY the files (-f) or folders (-d) whose names start with what is typed, each
# name one word however many spaces it holds; bash then quotes them as it puts them on the line
# (-o filenames) and ends a folder with /. What is typed is read as the shell will read it:
# My\ R and 'My R both mean My R.
_marquee_files() {
  local typed= line i
  case $cur in
    [\\'\\"]*) typed=\${cur:1} ;;
    *)
      for ((i = 0; i < \${#cur}; i++)); do
        [[ \${cur:i:1} == \\\\ ]] && ((i++))
        typed+=\${cur:i:1}
      done
      ;;
  esac
  compopt -o filenames 2>/dev/null
  while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen "$1" -- "$typed")
}

_marquee() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} command= i
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    case \${COMP_WORDS[i]} in
      ${COMMANDS.map((c) => c.name).join('|')}) command=\${COMP_WORDS[i]}; break ;;
    esac
  done
  case $command in
${COMMANDS.map(commandCase).join('\n')}
    *)
      case $prev in
        --base-url) return ;;
      esac
      if [[ $cur == -* ]]; then _marquee_offer ${flagWords(TOP_FLAGS).join(' ')}; else _marquee_offer ${COMMANDS.map((c) => c.name).join(' ')}; fi
      ;;
  esac
}

complete -F _marquee marquee
`;
}

/** zsh's _arguments spec of a flag: '(-X --method)'{-X,--method}'[...]:method:(GET POST DELETE)'. */
function zshFlag(flag: FlagSpec): string {
  const summary = flag.summary.replace(/[[\]:]/g, ' ');
  const value: Record<ValueKind, string> = {
    method: ':method:(GET POST DELETE)',
    file: ':file:_files',
    dir: ':directory:_files -/',
    shell: ':shell:(bash zsh fish)',
    text: `:${flag.long}: `,
  };
  const tail = `[${summary}]${flag.choices ? `:${flag.long}:(${flag.choices.join(' ')})` : flag.value ? value[flag.value] : ''}`;
  if (!flag.short) return `'--${flag.long}${tail}'`;
  return `'(-${flag.short} --${flag.long})'{-${flag.short},--${flag.long}}'${tail}'`;
}

function zshScript(): string {
  const describe = (name: string, summary: string) => quote(`${name.replace(/:/g, '\\:')}:${summary}`);
  const commandCase = (command: CommandSpec) => {
    const argument = offerPositional(command, { path: "'1:operation path:_marquee_paths'", shell: "'1:shell:(bash zsh fish)'", file: "'1:file:_files'" }, '');
    const positional = argument ? ` \\\n            ${argument}` : '';
    const flags = command.flags.map((f) => ` \\\n            ${zshFlag(f)}`).join('');
    return `        ${command.name})\n          _arguments${flags}${positional}\n          ;;`;
  };
  return `#compdef marquee
# zsh completion for marquee. Install: put it in a folder of $fpath as _marquee, e.g.
#   marquee completion zsh > "\${fpath[1]}/_marquee"
# or add to ~/.zshrc (after compinit):  source <(marquee completion zsh)

_marquee_paths() {
  local -a paths
  paths=(
${operationPaths().map((p) => `    ${describe(p.path, p.summary)}`).join('\n')}
  )
  _describe -t paths 'operation path' paths
}

_marquee() {
  local curcontext=$curcontext state line
  local -a commands
  commands=(
${COMMANDS.map((c) => `    ${describe(c.name, c.summary)}`).join('\n')}
  )
  _arguments -C${TOP_FLAGS.map((f) => ` \\\n    ${zshFlag(f)}`).join('')} \\
    '1: :->command' \\
    '*:: :->argument'
  case $state in
    command) _describe -t commands 'marquee command' commands ;;
    argument)
      case $line[1] in
${COMMANDS.map(commandCase).join('\n')}
      esac
      ;;
  esac
}

if [[ $funcstack[1] == _marquee ]]; then
  _marquee "$@"
else
  compdef _marquee marquee
fi
`;
}

function fishFlag(condition: string, flag: FlagSpec): string {
  const parts = [`complete -c marquee -n ${quote(condition)}`, `-l ${flag.long}`];
  if (flag.short) parts.push(flag.short.length === 1 ? `-s ${flag.short}` : `-o ${flag.short}`);
  if (flag.value === 'method') parts.push("-x -a 'GET POST DELETE'");
  else if (flag.value === 'shell') parts.push("-x -a 'bash zsh fish'");
  else if (flag.value === 'file') parts.push('-r -F');
  else if (flag.value === 'dir') parts.push("-x -a '(__fish_complete_directories)'");
  else if (flag.choices) parts.push(`-x -a ${quote(flag.choices.join(' '))}`);
  else if (flag.value === 'text') parts.push('-x');
  parts.push(`-d ${quote(flag.summary)}`);
  return parts.join(' ');
}

function fishScript(): string {
  const names = COMMANDS.map((c) => c.name).join(' ');
  const lines = [
    '# fish completion for marquee. Install:',
    '#   marquee completion fish > ~/.config/fish/completions/marquee.fish',
    '',
    'complete -c marquee -f',
    ...TOP_FLAGS.map((f) => fishFlag(`not __fish_seen_subcommand_from ${names}`, f)),
    ...COMMANDS.map((c) => `complete -c marquee -n ${quote(`not __fish_seen_subcommand_from ${names}`)} -a ${c.name} -d ${quote(c.summary)}`),
  ];
  for (const command of COMMANDS) {
    const condition = `__fish_seen_subcommand_from ${command.name}`;
    lines.push(...command.flags.map((f) => fishFlag(condition, f)));
    if (command.positional === 'shell') lines.push(`complete -c marquee -n ${quote(condition)} -a 'bash zsh fish'`);
    if (command.positional === 'file') lines.push(`complete -c marquee -n ${quote(condition)} -F`);
    if (command.positional === 'path') {
      lines.push(
        ...operationPaths().map((p) => `complete -c marquee -n ${quote(condition)} -a ${quote(p.path)} -d ${quote(p.summary)}`),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(shell: Shell): string {
  if (shell === 'bash') return bashScript();
  if (shell === 'zsh') return zshScript();
  return fishScript();
}

const USAGE = `Usage: marquee completion bash|zsh|fish

Prints a completion script for marquee's commands, flags and the operation paths of marquee api.

  bash   marquee completion bash > ~/.local/share/bash-completion/completions/marquee
         (or in ~/.bashrc: source <(marquee completion bash))
  zsh    marquee completion zsh > "\${fpath[1]}/_marquee"   (then restart zsh)
         (or in ~/.zshrc, after compinit: source <(marquee completion zsh))
  fish   marquee completion fish > ~/.config/fish/completions/marquee.fish

  -h, --help   this help
`;

interface Output {
  write(text: string): unknown;
}

export function runCompletionCommand(args: string[], out: Output = process.stdout, err: Output = process.stderr): number {
  const parsed = readFlags(args, { help: { type: 'boolean', short: 'h' } }, { positionals: true });
  if (!parsed.ok) {
    err.write(`marquee completion: ${parsed.problem} (see marquee completion --help)\n`);
    return 2;
  }
  if (parsed.values.help) {
    out.write(USAGE);
    return 0;
  }
  const [shell, ...extra] = parsed.positionals;
  if (!isShell(shell) || extra.length > 0) {
    const given = shell === undefined ? 'no shell given' : `"${[shell, ...extra].join(' ').slice(0, 40)}" is not one of them`;
    err.write(`marquee completion: expected bash, zsh or fish (${given})\n`);
    return 2;
  }
  out.write(completionScript(shell));
  return 0;
}
