/**
 * Stops this thread for good, as a parser stuck in a loop would: no await, no timer can
 * end it, only terminating the thread can. It waits on an atomic no one will change
 * rather than spinning, so a test's hanging thread does not take a core from the tests
 * running beside it while the time limit runs.
 */
export function blockForever(): never {
  const never = new Int32Array(new SharedArrayBuffer(4));
  for (;;) Atomics.wait(never, 0, 0);
}
