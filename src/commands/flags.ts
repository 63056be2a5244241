import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * How every command reads its flags: node:util's parseArgs, strict (an unknown flag, a flag
 * without its value or a value given to a switch is refused), with positionals only where the
 * command takes some. A refusal is one short sentence ("Unknown option '--colour'"), which the
 * command prints its own way, with where its help is.
 */

type FlagOptions = NonNullable<ParseArgsConfig['options']>;

export type FlagsRead<O extends FlagOptions> =
  | ({ readonly ok: true } & ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: boolean }>>)
  | { readonly ok: false; readonly problem: string };

export function readFlags<O extends FlagOptions>(args: readonly string[], options: O, { positionals = false } = {}): FlagsRead<O> {
  try {
    return { ok: true, ...parseArgs({ args: [...args], options, strict: true, allowPositionals: positionals }) };
  } catch (error) {
    // parseArgs goes on to say how to pass a value that starts with '-': the first sentence is the problem.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: message.split(/\.\s/)[0]!.replace(/\.$/, '') };
  }
}
