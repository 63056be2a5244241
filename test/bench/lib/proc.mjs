import { readFileSync } from 'node:fs';

/** What Linux says about a running process, from /proc. */

/** Resident set size of a process, in bytes, from /proc (Linux). */
export function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux; clock ticks of 10 ms). */
export function cpuMilliseconds(pid) {
  // The command name in field 2 may hold spaces; the fields after it are plain numbers.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
