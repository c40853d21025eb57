import { readdirSync, readFileSync } from 'node:fs';

/** Who used the CPU during a phase, in % of one core. */
export interface CpuUsage {
  api: number;
  postgres: number;
  redis: number;
  wrk: number;
  /** Everything else on the machine (the bench itself, other people's builds and tests…). */
  other: number;
}

type Group = keyof CpuUsage;

interface Sample {
  at: number;
  /** CPU of this process's finished children (wrk runs as one and has exited by the end of a phase). */
  reapedChildren: number;
  /** Busy jiffies of the whole machine (/proc/stat), all cores. */
  busy: number;
  perProcess: Map<number, { group: Group; ticks: number }>;
}

/** USER_HZ: the unit of /proc's CPU times on every Linux Node runs on. */
const TICKS_PER_SECOND = 100;

function readStat(pid: number): { comm: string; ppid: number; ticks: number } | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may contain spaces; the fields after it are fixed.
    const close = raw.lastIndexOf(')');
    const fields = raw.slice(close + 2).split(' ');
    return { comm: raw.slice(raw.indexOf('(') + 1, close), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // gone meanwhile
  }
}

/** cutime + cstime of this process: what its exited, waited-for children used. */
function reapedChildrenTicks(): number {
  const raw = readFileSync('/proc/self/stat', 'utf8');
  const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  return Number(fields[13]) + Number(fields[14]);
}

function machineBusy(): number {
  const cpu = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return cpu.reduce((sum, n) => sum + n, 0) - idle;
}

/**
 * Per-group CPU of the machine between two samples (Linux /proc): the API (the
 * given pid and its children, so every cluster worker), Postgres, Redis, wrk (a
 * child of this script, counted once it has exited), and what is left. Shows where a phase's CPU went, and whether something else on
 * the machine took part of it.
 */
export class CpuMeter {
  constructor(private readonly apiPid: number) {}

  sample(): Sample {
    const stats = new Map<number, { comm: string; ppid: number; ticks: number }>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const stat = readStat(Number(name));
      if (stat) stats.set(Number(name), stat);
    }
    const perProcess = new Map<number, { group: Group; ticks: number }>();
    for (const [pid, stat] of stats) {
      const group: Group | undefined =
        pid === this.apiPid || stat.ppid === this.apiPid
          ? 'api'
          : stat.comm === 'postgres'
            ? 'postgres'
            : stat.comm.startsWith('redis-server')
              ? 'redis'
              : stat.comm === 'wrk'
                ? 'wrk'
                : undefined;
      if (group) perProcess.set(pid, { group, ticks: stat.ticks });
    }
    return { at: performance.now(), busy: machineBusy(), perProcess, reapedChildren: reapedChildrenTicks() };
  }

  usage(from: Sample, to: Sample): CpuUsage {
    const seconds = (to.at - from.at) / 1000;
    const percent = (ticks: number) => (seconds > 0 ? (100 * ticks) / TICKS_PER_SECOND / seconds : 0);
    const totals: CpuUsage = { api: 0, postgres: 0, redis: 0, wrk: 0, other: 0 };
    for (const [pid, now] of to.perProcess) totals[now.group] += now.ticks - (from.perProcess.get(pid)?.ticks ?? 0);
    totals.wrk += to.reapedChildren - from.reapedChildren;
    const grouped = totals.api + totals.postgres + totals.redis + totals.wrk;
    totals.other = Math.max(0, to.busy - from.busy - grouped);
    return {
      api: percent(totals.api),
      postgres: percent(totals.postgres),
      redis: percent(totals.redis),
      wrk: percent(totals.wrk),
      other: percent(totals.other),
    };
  }
}
