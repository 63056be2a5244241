import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Who holds a lock, told by more than a pid. A pid alone is reused: in a container the program
 * is pid 1 every time, so a lock left by a killed run named a live process (the next run itself)
 * for ever. On Linux the mark adds the boot, the pid namespace and the process's start time: a
 * pid of this boot and namespace whose process started at another time is a new process, and
 * the holder is gone. Where that cannot be told (another machine sharing the folder, another
 * container, a system without /proc), the answer is 'unknown' and the caller goes by how
 * recently the holder showed it was alive (a lock file's modification time, refreshed).
 */

export interface ProcessMark {
  readonly pid: number;
  readonly host: string;
  /** The kernel's boot id (/proc/sys/kernel/random/boot_id): the same in every container of a machine. */
  readonly boot?: string;
  /** The pid namespace (/proc/self/ns/pid): pids name the same processes only inside one. */
  readonly pidNamespace?: string;
  /** When the process started, in clock ticks after boot (/proc/<pid>/stat, field 22). */
  readonly start?: string;
}

export type HolderState = 'alive' | 'gone' | 'unknown';

const optional = <K extends string>(key: K, value: string | undefined) => (value === undefined ? {} : ({ [key]: value } as Record<K, string>));

function readOrUndefined(read: () => string): string | undefined {
  try {
    return read().trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat; undefined when there is no such process (or no /proc). */
function startTime(pid: number): string | undefined {
  const stat = readOrUndefined(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  if (stat === undefined) return undefined;
  // Field 2, the command name, is in parentheses and may hold spaces and ')': count after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (the state), so field 22 is fields[19].
  return fields[19];
}

const bootId = () => readOrUndefined(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8'));
const pidNamespace = () => readOrUndefined(() => readlinkSync('/proc/self/ns/pid'));

let mine: ProcessMark | undefined;

/** This process's mark (the same for the whole run). */
export function currentProcessMark(): ProcessMark {
  mine ??= {
    pid: process.pid,
    host: hostname(),
    ...optional('boot', bootId()),
    ...optional('pidNamespace', pidNamespace()),
    ...optional('start', startTime(process.pid)),
  };
  return mine;
}

/** A mark read back from a file: undefined unless it has at least a pid and a host. */
export function parseProcessMark(value: unknown): ProcessMark | undefined {
  const mark = value as Partial<Record<keyof ProcessMark, unknown>> | null;
  if (typeof mark !== 'object' || mark === null) return undefined;
  if (typeof mark.pid !== 'number' || !Number.isInteger(mark.pid) || mark.pid <= 0 || typeof mark.host !== 'string') return undefined;
  const text = (key: 'boot' | 'pidNamespace' | 'start') => optional(key, typeof mark[key] === 'string' ? mark[key] : undefined);
  return { pid: mark.pid, host: mark.host, ...text('boot'), ...text('pidNamespace'), ...text('start') };
}

/** Whether the process a mark names still runs, as far as this process can tell. */
export function holderState(mark: ProcessMark): HolderState {
  const self = currentProcessMark();
  if (mark.boot !== undefined && self.boot !== undefined && mark.start !== undefined) {
    // Another boot: on this machine a reboot ended it; a machine of another name is just another machine.
    if (mark.boot !== self.boot) return mark.host === self.host ? 'gone' : 'unknown';
    // Another container (pid namespace) of this machine: its pids are not ours to look up.
    if (mark.pidNamespace === undefined || mark.pidNamespace !== self.pidNamespace) return 'unknown';
    const now = startTime(mark.pid);
    return now !== undefined && now === mark.start ? 'alive' : 'gone';
  }
  // A system without /proc, or a mark written without it (an older Marquee): the pid is all there is.
  if (mark.host !== self.host) return 'unknown';
  // An older mark with our own pid is not ours (ours carry the start time): a run before us, in a container.
  if (mark.pid === self.pid) return self.start === undefined ? 'alive' : 'gone';
  try {
    process.kill(mark.pid, 0);
    return 'alive';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? 'gone' : 'alive';
  }
}
