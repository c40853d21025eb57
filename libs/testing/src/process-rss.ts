import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * A process's resident set in MB, from /proc (Linux): what the kernel charges it,
 * threads included; 0 once the process has gone (a sampler outlives what it samples).
 */
export function rssMb(pid: number): number {
  return statusMb(pid, 'VmRSS');
}

/**
 * A process's peak resident set in MB since it started or since resetPeakRss (VmHWM):
 * the kernel's own high-water mark, threads included, so no peak between two samples
 * is missed; 0 once the process has gone.
 */
export function peakRssMb(pid: number): number {
  return statusMb(pid, 'VmHWM');
}

/** A figure in kB of /proc/<pid>/status, in MB; 0 once the process has gone. */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const kb = Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/**
 * Starts a process's peak (VmHWM) over from its present RSS, so that a peak can be read
 * per phase of a run (`5` to /proc/<pid>/clear_refs, Linux 4.0+: a process of the same
 * user, or root). Answers whether it could.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Linux's USER_HZ: /proc counts CPU time in these ticks (100 on every common kernel; getconf says). */
let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    const answer = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim());
    ticksPerSecond = Number.isFinite(answer) && answer > 0 ? answer : 100;
  }
  return ticksPerSecond;
}

/**
 * CPU time a process has used so far (user and system, every thread of it: V8's
 * compiler and collector helpers too), in seconds, from /proc (Linux); 0 once it has gone.
 */
export function cpuSeconds(pid: number): number {
  try {
    // The command name (field 2) may hold spaces: count fields from after its ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12th and 13th after the name.
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return 0;
  }
}
