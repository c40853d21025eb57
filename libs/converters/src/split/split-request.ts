import type { FirstPart, SplitPlan } from '../readers/reader';
import type { SplitPolicy } from './part-plan';
import type { RangePolicy } from './range-plan';

/**
 * A conversion that may hand part of its pages to other threads: convertDocument's
 * second parameter. Only a reader that declares a reading in parts (loadSplitReading:
 * the PDF reader's) uses it; every other document is converted whole, as without one.
 */
export interface SplitRequest {
  /** Parts for the threads of one worker (part-plan.ts), or page ranges for the whole fleet (range-plan.ts). */
  policy: SplitPolicy | RangePolicy;
  /** Told the plan as soon as it is known, before the first part is read, so the other parts can start. */
  onPlan(plan: SplitPlan): void;
}

/** A split conversion's first task gave its plan and first part, not the finished result. */
export function isFirstPart<T extends object>(value: T | FirstPart): value is FirstPart {
  return 'plan' in value;
}

export function isRangePolicy(policy: SplitPolicy | RangePolicy): policy is RangePolicy {
  return 'nativePages' in policy;
}
