import { EnginePool, type EnginePoolOptions, type PoolEngine } from './engine-pool';

/** A stand-in engine: the pool only starts, uses and terminates engines. */
class FakeEngine implements PoolEngine {
  static started: FakeEngine[] = [];
  terminated = false;
  constructor(readonly kind: string) {
    FakeEngine.started.push(this);
  }
  async terminate(): Promise<void> {
    this.terminated = true;
  }
}

const start = (kind: string) => async () => new FakeEngine(kind);

/** A task that holds its engine until released. */
function held(): { task: (engine: FakeEngine) => Promise<FakeEngine>; release: () => void; started: Promise<FakeEngine> } {
  let release!: () => void;
  let begin!: (engine: FakeEngine) => void;
  const started = new Promise<FakeEngine>((resolve) => (begin = resolve));
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async (engine) => {
      begin(engine);
      await done;
      return engine;
    },
    release,
    started,
  };
}

const live = (pool: EnginePool<FakeEngine>) => Object.values(pool.counts()).reduce((sum, n) => sum + n, 0);
const tick = () => new Promise((resolve) => setImmediate(resolve));

function pool(options: Partial<EnginePoolOptions> = {}): EnginePool<FakeEngine> {
  return new EnginePool<FakeEngine>({ maxEngines: 2, idleMs: 60_000, maxUses: 100, ...options });
}

beforeEach(() => (FakeEngine.started = []));

describe('EnginePool', () => {
  it('reuses an idle engine of the same kind instead of starting another', async () => {
    const engines = pool();
    const first = await engines.use('text:eng', start('text:eng'), async (engine) => engine);
    const second = await engines.use('text:eng', start('text:eng'), async (engine) => engine);
    expect(second).toBe(first);
    expect(FakeEngine.started).toHaveLength(1);
    await engines.terminateAll();
  });

  it('never runs more engines than maxEngines, whatever the kinds, and serves waiting tasks in order', async () => {
    const engines = pool({ maxEngines: 2 });
    const a = held();
    const b = held();
    const runA = engines.use('text:eng', start('text:eng'), a.task);
    const runB = engines.use('osd', start('osd'), b.task);
    await Promise.all([a.started, b.started]);
    const order: string[] = [];
    const c = engines.use('text:deu', start('text:deu'), async () => order.push('c'));
    const d = engines.use('text:eng', start('text:eng'), async () => order.push('d'));
    await tick();
    expect(live(engines)).toBe(2);
    expect(engines.waiting).toBe(2);
    b.release(); // the osd engine is ended to make room for text:deu, the first waiting
    await runB;
    await c;
    expect(order).toEqual(['c']);
    a.release();
    await Promise.all([runA, d]);
    expect(order).toEqual(['c', 'd']);
    expect(live(engines)).toBeLessThanOrEqual(2);
    expect(FakeEngine.started.filter((engine) => engine.kind === 'osd').every((engine) => engine.terminated)).toBe(true);
    await engines.terminateAll();
  });

  it('ends an idle engine of another kind to make room rather than wait', async () => {
    const engines = pool({ maxEngines: 1 });
    await engines.use('text:eng', start('text:eng'), async () => undefined);
    await engines.use('osd', start('osd'), async () => undefined);
    expect(engines.counts()).toEqual({ osd: 1 });
    expect(FakeEngine.started[0].terminated).toBe(true);
    await engines.terminateAll();
  });

  it('starts the engine that replaces another only once that one has ended (its memory is freed on exit)', async () => {
    const engines = pool({ maxEngines: 1 });
    let exited!: () => void;
    const exit = new Promise<void>((resolve) => (exited = resolve));
    const slowToEnd = async () => {
      const engine = new FakeEngine('text:eng');
      engine.terminate = async () => {
        engine.terminated = true;
        await exit; // like a thread that has been asked to stop and is still running
      };
      return engine;
    };
    await engines.use('text:eng', slowToEnd, async () => undefined);
    const osd = engines.use('osd', start('osd'), async (engine) => engine.kind);
    await tick();
    expect(FakeEngine.started.map((engine) => engine.kind)).toEqual(['text:eng']);
    expect(FakeEngine.started[0].terminated).toBe(true);
    exited();
    await expect(osd).resolves.toBe('osd');
    await engines.terminateAll();
  });

  it('starts the replacing engine after endWaitMs when the one it replaces never reports its exit', async () => {
    const engines = pool({ maxEngines: 1, endWaitMs: 50 });
    const neverEnds = async () => {
      const engine = new FakeEngine('text:eng');
      engine.terminate = () => new Promise<void>(() => undefined);
      return engine;
    };
    await engines.use('text:eng', neverEnds, async () => undefined);
    await expect(engines.use('osd', start('osd'), async (engine) => engine.kind)).resolves.toBe('osd');
    expect(FakeEngine.started.map((engine) => engine.kind)).toEqual(['text:eng', 'osd']);
    await engines.terminateAll();
  });

  it('starts an engine beyond the first only while the process has memory for it', async () => {
    let room = false;
    const engines = pool({ maxEngines: 4, roomForAnother: () => room });
    const a = held();
    const runA = engines.use('text:eng', start('text:eng'), a.task);
    await a.started; // the first engine needs no room
    const b = held();
    const runB = engines.use('text:eng', start('text:eng'), b.task);
    await tick();
    expect(live(engines)).toBe(1);
    expect(engines.waiting).toBe(1);
    a.release(); // B takes A's engine when it is free
    await runA;
    expect(await b.started).toBe(await a.started);
    b.release();
    await runB;
    room = true;
    const c = held();
    const d = held();
    const runs = [engines.use('text:eng', start('text:eng'), c.task), engines.use('text:eng', start('text:eng'), d.task)];
    await Promise.all([c.started, d.started]);
    expect(live(engines)).toBe(2);
    c.release();
    d.release();
    await Promise.all(runs);
    await engines.terminateAll();
  });

  it('does not reuse an engine whose task failed', async () => {
    const engines = pool();
    await expect(
      engines.use('text:eng', start('text:eng'), async () => {
        throw new Error('wasm abort');
      }),
    ).rejects.toThrow('wasm abort');
    expect(FakeEngine.started[0].terminated).toBe(true);
    expect(engines.counts()).toEqual({});
  });

  it('ends an engine that has grown past what is worth keeping after its operation, and keeps the others', async () => {
    // The stand-in for an engine whose WebAssembly memory a huge image grew: it says so after its next operation.
    const grown = new Set<PoolEngine>();
    const engines = pool({ overgrown: async (engine) => grown.has(engine) });
    const first = await engines.use('text:eng', start('text:eng'), async (engine) => engine);
    expect(await engines.use('text:eng', start('text:eng'), async (engine) => engine)).toBe(first);
    await engines.use('text:eng', start('text:eng'), async (engine) => grown.add(engine));
    await tick();
    expect(first.terminated).toBe(true);
    const next = await engines.use('text:eng', start('text:eng'), async (engine) => engine);
    expect(next).not.toBe(first);
    await engines.terminateAll();
  });

  it('replaces an engine after maxUses operations', async () => {
    const engines = pool({ maxUses: 2 });
    for (let i = 0; i < 3; i++) await engines.use('text:eng', start('text:eng'), async () => undefined);
    expect(FakeEngine.started).toHaveLength(2);
    expect(FakeEngine.started[0].terminated).toBe(true);
    await engines.terminateAll();
  });

  it('ends engines left idle for idleMs', async () => {
    const engines = pool({ idleMs: 20 });
    await engines.use('text:eng', start('text:eng'), async () => undefined);
    expect(engines.counts()).toEqual({ 'text:eng': 1 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(engines.counts()).toEqual({});
    expect(FakeEngine.started[0].terminated).toBe(true);
  });

  it('drops a waiting task whose signal aborts, and never runs it', async () => {
    const engines = pool({ maxEngines: 1 });
    const a = held();
    const runA = engines.use('text:eng', start('text:eng'), a.task);
    await a.started;
    const abort = new AbortController();
    const ran = jest.fn(async () => undefined);
    const waiting = engines.use('text:eng', start('text:eng'), ran, abort.signal);
    await tick();
    abort.abort(new Error('conversion ended'));
    await expect(waiting).rejects.toThrow('conversion ended');
    a.release();
    await runA;
    expect(ran).not.toHaveBeenCalled();
    expect(engines.waiting).toBe(0);
    await engines.terminateAll();
  });

  it('ends the engine of a running task whose signal aborts, and gives its place to the next task', async () => {
    const engines = pool({ maxEngines: 1 });
    const abort = new AbortController();
    const stuck = held();
    const running = engines.use('text:eng', start('text:eng'), stuck.task, abort.signal);
    const engine = await stuck.started;
    const next = engines.use('text:eng', start('text:eng'), async (other) => other);
    await tick();
    abort.abort(new Error('timed out'));
    await expect(running).rejects.toThrow('timed out');
    expect(engine.terminated).toBe(true);
    const other = await next;
    expect(other).not.toBe(engine);
    expect(live(engines)).toBe(1);
    stuck.release();
    await engines.terminateAll();
  });

  it('fails the waiting task, not the pool, when an engine cannot start', async () => {
    const engines = pool({ maxEngines: 1 });
    const broken = async (): Promise<FakeEngine> => {
      throw new Error('no traineddata');
    };
    await expect(engines.use('text:xyz', broken, async () => undefined)).rejects.toThrow('no traineddata');
    await expect(engines.use('text:eng', start('text:eng'), async () => 'read')).resolves.toBe('read');
    await engines.terminateAll();
  });
});
