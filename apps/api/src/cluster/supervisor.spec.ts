import { ApiSupervisor, restartDelayMs, type SupervisorHost } from './supervisor';

class FakeWorker {
  static nextPid = 100;
  readonly signals: string[] = [];
  readonly process = {
    pid: FakeWorker.nextPid++,
    kill: (signal: NodeJS.Signals = 'SIGTERM') => {
      this.signals.push(signal);
      return true;
    },
  };
}

/** Forks fake workers, runs scheduled callbacks when told, records exits and log events. */
function fakeHost() {
  const forked: FakeWorker[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const events: string[] = [];
  let exitCode: number | undefined;
  let now = 0;
  const host: SupervisorHost<FakeWorker> = {
    fork: () => {
      const worker = new FakeWorker();
      forked.push(worker);
      return worker;
    },
    exit: (code) => {
      exitCode = code;
    },
    schedule: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return { cancel: () => (timer.cancelled = true) };
    },
    now: () => now,
    log: (_level, fields) => events.push(fields.event),
  };
  const runTimers = () =>
    timers
      .splice(0)
      .filter((t) => !t.cancelled)
      .forEach((t) => t.run());
  return { host, forked, timers, events, runTimers, exitCode: () => exitCode, advance: (ms: number) => (now += ms) };
}

function started(processes = 2) {
  const fake = fakeHost();
  const supervisor = new ApiSupervisor(fake.host, { processes, stopGraceMs: 10_000 });
  supervisor.start();
  fake.forked.forEach((worker) => supervisor.listening(worker));
  return { ...fake, supervisor };
}

describe('ApiSupervisor', () => {
  it('forks API_PROCESSES workers', () => {
    const { forked, supervisor, events } = started(3);
    expect(forked).toHaveLength(3);
    expect(supervisor.size).toBe(3);
    expect(events).toEqual(['api.cluster_started']);
  });

  it('restarts a worker that crashed while serving', () => {
    const { forked, supervisor, runTimers, events } = started(2);
    supervisor.exited(forked[0] as FakeWorker, 1, null);
    expect(supervisor.size).toBe(1);
    runTimers();
    expect(forked).toHaveLength(3);
    expect(supervisor.size).toBe(2);
    expect(events).toContain('api.worker_exited');
  });

  it('backs off when workers keep crashing, and forgets crashes older than a minute', () => {
    const fake = started(1);
    const crashLatest = () => {
      const worker = fake.forked[fake.forked.length - 1] as FakeWorker;
      fake.supervisor.listening(worker);
      fake.supervisor.exited(worker, 1, null);
      const delay = fake.timers[fake.timers.length - 1]?.ms;
      fake.runTimers();
      return delay;
    };
    expect([crashLatest(), crashLatest(), crashLatest(), crashLatest()]).toEqual([0, 500, 1000, 2000]);
    fake.advance(61_000);
    expect(crashLatest()).toBe(0);
  });

  it('caps the restart delay', () => {
    expect(restartDelayMs(1)).toBe(0);
    expect(restartDelayMs(2)).toBe(500);
    expect(restartDelayMs(50)).toBe(30_000);
  });

  it('stops everything and exits 1 when a worker dies before it ever listened', () => {
    const fake = fakeHost();
    const supervisor = new ApiSupervisor(fake.host, { processes: 2, stopGraceMs: 10_000 });
    supervisor.start();
    const [broken, other] = fake.forked as [FakeWorker, FakeWorker];
    supervisor.exited(broken, 1, null);
    expect(other.signals).toEqual(['SIGTERM']);
    expect(fake.forked).toHaveLength(2);
    supervisor.exited(other, 0, null);
    expect(fake.exitCode()).toBe(1);
    expect(fake.events).toContain('api.worker_failed_to_start');
  });

  it('forwards SIGTERM to every worker and exits 0 once all have exited', () => {
    const { forked, supervisor, exitCode } = started(2);
    supervisor.stop('SIGTERM');
    expect(forked.map((w) => w.signals)).toEqual([['SIGTERM'], ['SIGTERM']]);
    supervisor.exited(forked[0] as FakeWorker, 0, null);
    expect(exitCode()).toBeUndefined();
    supervisor.exited(forked[1] as FakeWorker, 0, null);
    expect(exitCode()).toBe(0);
  });

  it('does not restart workers that exit while stopping, nor ones whose restart was pending', () => {
    const { forked, supervisor, runTimers } = started(2);
    supervisor.exited(forked[0] as FakeWorker, 1, null); // restart scheduled
    supervisor.stop('SIGTERM');
    runTimers();
    expect(forked).toHaveLength(2);
  });

  it('kills workers that outlive the grace period, and at once on a second signal', () => {
    const first = started(1);
    first.supervisor.stop('SIGTERM');
    first.runTimers();
    expect(first.forked[0]?.signals).toEqual(['SIGTERM', 'SIGKILL']);

    const second = started(1);
    second.supervisor.stop('SIGINT');
    second.supervisor.stop('SIGINT');
    expect(second.forked[0]?.signals).toEqual(['SIGTERM', 'SIGKILL']);
  });
});
