import { planParts } from './part-plan';

const pages = (count: number, first = 1) => Array.from({ length: count }, (_, i) => first + i);
const sizes = (parts: number[][] | undefined) => parts?.map((part) => part.length);

describe('planParts', () => {
  it('leaves a selection shorter than two minimum parts whole, and everything on one thread', () => {
    expect(planParts(pages(127), { threads: 2, minPartPages: 64, maxPartPages: 512 })).toBeUndefined();
    expect(planParts(pages(5000), { threads: 1, minPartPages: 64, maxPartPages: 512 })).toBeUndefined();
    expect(planParts(pages(5000), { threads: 2, minPartPages: 0, maxPartPages: 512 })).toBeUndefined();
  });

  it('cuts a long selection into a multiple of the threads, none above the maximum, differing by a page at most', () => {
    const parts = planParts(pages(2415), { threads: 2, minPartPages: 64, maxPartPages: 512 });
    expect(sizes(parts)).toEqual([403, 403, 403, 402, 402, 402]);
    expect(parts?.flat()).toEqual(pages(2415));
    expect(sizes(planParts(pages(300), { threads: 2, minPartPages: 64, maxPartPages: 512 }))).toEqual([150, 150]);
    expect(sizes(planParts(pages(1024), { threads: 2, minPartPages: 64, maxPartPages: 512 }))).toEqual([512, 512]);
    expect(sizes(planParts(pages(1025), { threads: 2, minPartPages: 64, maxPartPages: 512 }))).toEqual([257, 256, 256, 256]);
  });

  it('lets the minimum part win over the multiple of threads', () => {
    expect(sizes(planParts(pages(130), { threads: 4, minPartPages: 64, maxPartPages: 512 }))).toEqual([65, 65]);
    expect(sizes(planParts(pages(200), { threads: 4, minPartPages: 64, maxPartPages: 512 }))).toEqual([67, 67, 66]);
  });

  it('keeps a selection’s own pages, in order', () => {
    const selection = [2, 3, 9, 10, 11, 40];
    const parts = planParts(selection, { threads: 2, minPartPages: 1, maxPartPages: 2 });
    expect(parts).toEqual([[2, 3], [9, 10], [11], [40]]);
  });
});
