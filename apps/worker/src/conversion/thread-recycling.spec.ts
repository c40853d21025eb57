import { HEAP_RELEASE_MB } from './heap-release';
import { THREAD_KEEP_MB, ThreadRecycler, recycleMarkMb } from './thread-recycling';

type Balancer = ThreadRecycler['balancer'];
type Thread = Parameters<Balancer>[1][number];

const MB = 1024 * 1024;
const thread = (id: number, currentUsage = 0): Thread =>
  ({
    id,
    currentUsage,
    isRunningAbortableTask: currentUsage > 0,
    histogram: null,
    terminating: false,
    destroyed: false,
  }) as unknown as Thread;
const task = {} as Parameters<Balancer>[0];

describe('ThreadRecycler', () => {
  it('gives a thread at most maxTasksPerThread tasks, then asks for it to end once idle', () => {
    const recycler = new ThreadRecycler({ maxTasksPerThread: 2, recycleRssMb: Infinity });
    const [a, b] = [thread(1), thread(2)];
    expect(recycler.balancer(task, [a, b])).toBe(a);
    expect(recycler.afterTask(1, true)).toBeUndefined();
    expect(recycler.balancer(task, [a, b])).toBe(a); // its second and last
    expect(recycler.balancer(task, [a, b])).toBe(b); // a is retiring: never given another
    expect(recycler.afterTask(1, true)).toBe('tasks');
    expect(recycler.tasksOf(1)).toBe(2);
  });

  it('skips busy, terminating and destroyed threads, and answers null when none is free', () => {
    const recycler = new ThreadRecycler({ maxTasksPerThread: 10, recycleRssMb: Infinity });
    const busy = thread(1, 1);
    const ending = { ...thread(2), terminating: true } as Thread;
    const gone = { ...thread(3), destroyed: true } as Thread;
    expect(recycler.balancer(task, [busy, ending, gone])).toBeNull();
    expect(recycler.balancer(task, [busy, ending, gone, thread(4)])?.id).toBe(4);
  });

  it('retires the thread that finished a task while the process is above its memory mark', () => {
    let rss = 100 * MB;
    const recycler = new ThreadRecycler({ maxTasksPerThread: 100, recycleRssMb: 200 }, () => rss);
    const a = thread(1);
    recycler.balancer(task, [a]);
    expect(recycler.afterTask(1, true)).toBeUndefined();
    recycler.balancer(task, [a]);
    rss = 300 * MB;
    expect(recycler.afterTask(1, true)).toBe('memory');
    expect(recycler.balancer(task, [a])).toBeNull();
  });

  it('keeps a thread that holds little above the mark, unless it has ever prepared an image for OCR', () => {
    let rss = 100 * MB;
    const recycler = new ThreadRecycler({ maxTasksPerThread: 100, recycleRssMb: 200, keepHeldMb: 96 }, () => rss);
    const [a, b, c] = [thread(1), thread(2), thread(3)];
    rss = 300 * MB;
    // Small, text only: the process is above the mark because of the conversions in the others.
    expect(recycler.afterTask(1, true, { heldMb: 60, drewImages: false })).toBeUndefined();
    expect(recycler.balancer(task, [a])).toBe(a);
    // Holding a big document's leftovers.
    expect(recycler.afterTask(2, true, { heldMb: 130, drewImages: false })).toBe('memory');
    expect(recycler.balancer(task, [b])).toBeNull();
    // Drew an image while the process was under the mark: judged as holding much from then on.
    rss = 100 * MB;
    expect(recycler.afterTask(3, true, { heldMb: 50, drewImages: true })).toBeUndefined();
    rss = 300 * MB;
    expect(recycler.afterTask(3, true, { heldMb: 50, drewImages: false })).toBe('memory');
    expect(recycler.balancer(task, [c])).toBeNull();
  });

  it("counts the native memory its task's images took (canvases, decoded pictures) as held, OCR or not", () => {
    const recycler = new ThreadRecycler({ maxTasksPerThread: 100, recycleRssMb: 200, keepHeldMb: 96 }, () => 300 * MB);
    expect(recycler.afterTask(1, true, { heldMb: 60, imagesMb: 30, drewImages: false })).toBeUndefined();
    // A text PDF's 40-million-pixel picture, decoded by pdf.js and freed: the heap shows none of it.
    expect(recycler.afterTask(2, true, { heldMb: 60, imagesMb: 150, drewImages: false })).toBe('memory');
  });

  it('keeps threads of up to THREAD_KEEP_MB by default, the level where a thread collects its heap', () => {
    const recycler = new ThreadRecycler({ maxTasksPerThread: 100, recycleRssMb: 200 }, () => 300 * MB);
    expect(recycler.afterTask(1, true, { heldMb: THREAD_KEEP_MB, drewImages: false })).toBeUndefined();
    expect(recycler.afterTask(2, true, { heldMb: THREAD_KEEP_MB + 1, drewImages: false })).toBe('memory');
    expect(THREAD_KEEP_MB).toBe(HEAP_RELEASE_MB);
  });

  it('waits for a thread marked while busy to finish before ending it', () => {
    let rss = 300 * MB;
    const recycler = new ThreadRecycler({ maxTasksPerThread: 100, recycleRssMb: 200 }, () => rss);
    // A queued task reached thread 1 before its previous task's result was seen.
    expect(recycler.afterTask(1, false)).toBeUndefined();
    rss = 100 * MB;
    expect(recycler.afterTask(1, true)).toBe('memory');
  });

  it('forgets threads that have gone', () => {
    const recycler = new ThreadRecycler({ maxTasksPerThread: 1, recycleRssMb: Infinity });
    recycler.balancer(task, [thread(1)]);
    recycler.retain(new Set([2]));
    expect(recycler.tasksOf(1)).toBe(0);
    expect(recycler.afterTask(1, true)).toBeUndefined();
  });
});

describe('ThreadRecycler.isRetiring', () => {
  it('tells a thread due for replacement, whether or not it is idle yet', () => {
    const recycler = new ThreadRecycler({ maxTasksPerThread: 1, recycleRssMb: Infinity });
    const thread = { id: 7, currentUsage: 0, terminating: false, destroyed: false } as unknown as Parameters<
      typeof recycler.balancer
    >[1][number];
    expect(recycler.isRetiring(7)).toBe(false);
    recycler.balancer({} as Parameters<typeof recycler.balancer>[0], [thread]);
    expect(recycler.isRetiring(7)).toBe(true);
    expect(recycler.afterTask(7, false)).toBeUndefined();
    expect(recycler.afterTask(7, true)).toBe('tasks');
  });
});

describe('recycleMarkMb', () => {
  it('replaces threads above three quarters of WORKER_MAX_RSS_MB, leaving room under the bound for the conversions under way', () => {
    expect(recycleMarkMb(400)).toBe(300);
    expect(recycleMarkMb(1024)).toBe(768);
  });
});
