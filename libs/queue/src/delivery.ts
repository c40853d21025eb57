import { DelayedError, type Job, WaitingChildrenError } from 'bullmq';

/** What a handler returns after parking its entry (waitForChildren, postpone): the consumer tells BullMQ. */
export const PARKED = Symbol('parked');
export type Parked = typeof PARKED;

/** A queue entry as the parent of the entries added under it (JobQueue.addRanges). */
export interface EntryRef {
  id: string;
  queue: string;
}

/**
 * One delivery of a queue entry, for handlers that do more than run it to the end: a
 * split job's `convert` entry adds its page ranges as children and waits for them
 * (BullMQ flows: the entry sleeps in `waiting-children` and is delivered again once
 * every child has completed), and a range over its client's cap is put back for later.
 */
export interface Delivery {
  /** The entry's name (QueueJobName). */
  readonly name: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly ref: EntryRef;
  /** Parks the entry until its children have completed: PARKED (return it); `ready` when none is pending any more (go on). */
  waitForChildren(): Promise<Parked | 'ready'>;
  /** Puts the entry back in the queue for `ms` without counting an attempt: PARKED (return it). */
  postpone(ms: number): Promise<Parked>;
}

/** A delivery of a BullMQ job; `parkedWith` is the error the consumer throws after the handler parked it. */
export class BullDelivery implements Delivery {
  parkedWith: Error | undefined;

  constructor(
    private readonly job: Job,
    private readonly token: string | undefined,
  ) {}

  get name(): string {
    return this.job.name;
  }

  get data(): Readonly<Record<string, unknown>> {
    return this.job.data as Record<string, unknown>;
  }

  get ref(): EntryRef {
    return { id: this.job.id ?? '', queue: this.job.queueQualifiedName };
  }

  async waitForChildren(): Promise<Parked | 'ready'> {
    if (!(await this.job.moveToWaitingChildren(this.token ?? ''))) return 'ready';
    this.parkedWith = new WaitingChildrenError();
    return PARKED;
  }

  async postpone(ms: number): Promise<Parked> {
    await this.job.moveToDelayed(Date.now() + ms, this.token);
    this.parkedWith = new DelayedError();
    return PARKED;
  }
}
