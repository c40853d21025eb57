import { decideSweepAction } from './sweep-decision';

describe('decideSweepAction', () => {
  it('enqueues a job that has no queue entry', () => {
    expect(decideSweepAction('unknown')).toBe('enqueue');
  });

  it.each(['completed', 'failed'])('replaces a %s entry (it would swallow a plain add)', (state) => {
    expect(decideSweepAction(state)).toBe('replace');
  });

  it.each(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'])('leaves a %s entry alone', (state) => {
    expect(decideSweepAction(state)).toBe('leave');
  });
});
