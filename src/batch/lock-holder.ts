import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { isAlive } from '../config/stale-lock.js';

/**
 * Who holds a checkpoint lock: enough to tell, on this machine, the very process that made it from
 * one given its pid since. A paused holder (SIGSTOP, `docker pause`, a suspended VM) is alive,
 * however old its lock's heartbeat; only a holder on another machine is judged by the heartbeat.
 */
export interface Holder {
  pid: number;
  host: string;
  /** The kernel's id of this boot (Linux): the same host name after a restart, or on another machine, is not this machine now. */
  boot?: string;
  /** When the process started, in clock ticks after boot (field 22 of /proc/<pid>/stat): a pid reused since started later. */
  start?: string;
}

/** The files that tell a process apart (Linux's /proc); tests read others. */
export type ReadProc = (path: string) => string;

const readProc: ReadProc = (path) => readFileSync(path, 'utf8');

/** This process, as its lock names it. */
export function thisProcess(read: ReadProc = readProc): Holder {
  const me: Holder = { pid: process.pid, host: hostname() };
  const boot = bootId(read);
  const start = startOf(process.pid, read);
  if (boot !== undefined) me.boot = boot;
  if (start !== undefined) me.start = start;
  return me;
}

function bootId(read: ReadProc): string | undefined {
  try {
    return read('/proc/sys/kernel/random/boot_id').trim() || undefined;
  } catch {
    return undefined; // not Linux
  }
}

/** The start time of process `pid`, or undefined when it cannot be read (no such process, no /proc, or hidden). */
export function startOf(pid: number, read: ReadProc = readProc): string | undefined {
  try {
    const stat = read(`/proc/${pid}/stat`);
    // The name (field 2) is in parentheses and may hold spaces or parentheses: fields are counted after the last `)`.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] || undefined; // field 22; fields[0] is field 3
  } catch {
    return undefined;
  }
}

/** `mine`: alive on this machine, never taken over; `gone`: its process ended; `elsewhere`: another machine's, or unknown: judged by the heartbeat. */
export type HolderState = 'alive' | 'gone' | 'elsewhere';

/** What a lock's holder is, read from the lock's text. */
export function judgeHolder(text: string, me: Holder, read: ReadProc = readProc): HolderState {
  const holder = parseHolder(text);
  if (holder === undefined || holder.host !== me.host) return 'elsewhere';
  if (holder.boot !== undefined && me.boot !== undefined && holder.boot !== me.boot) return 'elsewhere'; // this name, another machine or boot
  const start = startOf(holder.pid, read);
  // No start to compare (no /proc, or hidden from this user): a live pid is taken for the holder, never taken over.
  if (start === undefined || holder.start === undefined) return holder.pid !== me.pid && isAlive(holder.pid) ? 'alive' : 'gone';
  return start === holder.start ? 'alive' : 'gone';
}

/** The holder a lock names, if its text is a lock svc wrote (an older svc's names no boot or start). */
export function parseHolder(text: string): Holder | undefined {
  let value: Partial<Record<keyof Holder, unknown>>;
  try {
    value = JSON.parse(text) as typeof value;
  } catch {
    return undefined;
  }
  const { pid, host, boot, start } = value ?? {};
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid < 1 || typeof host !== 'string') return undefined;
  const holder: Holder = { pid, host };
  if (typeof boot === 'string') holder.boot = boot;
  if (typeof start === 'string') holder.start = start;
  return holder;
}
