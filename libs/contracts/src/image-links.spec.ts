import { imageExtension, imageSignatureProblem, imageToken, linkedImages, resolveImageLinks, signedImagePath } from './image-links';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const JOB = '6f1c2d1e-1111-4222-8333-444455556666';

describe('image links', () => {
  it('resolves the tokens it knows and leaves the others', () => {
    const body = `![a](${imageToken(1)}) ![b](${imageToken(12)}) ${imageToken(3)}`;
    expect(linkedImages(body)).toEqual([1, 12, 3]);
    expect(resolveImageLinks(body, (n) => (n === 3 ? undefined : `images/${n}.png`))).toBe(
      '![a](images/1.png) ![b](images/12.png) docformat-image:3',
    );
  });

  it('signs a path that verifies until it expires, and refuses another job, image or signature', () => {
    const path = signedImagePath(SECRET, JOB, 2, 2_000_000_000);
    const url = new URL(path, 'http://x');
    const parts = { jobId: JOB, n: 2, expires: url.searchParams.get('expires')!, signature: url.searchParams.get('signature')! };
    expect(url.pathname).toBe(`/job/${JOB}/images/2`);
    expect(imageSignatureProblem(SECRET, parts, 1_999_999_999)).toBeNull();
    expect(imageSignatureProblem(SECRET, parts, 2_000_000_001)).toBe('expired');
    expect(imageSignatureProblem(SECRET, { ...parts, n: 3 }, 0)).toBe('invalid');
    expect(imageSignatureProblem(SECRET, { ...parts, jobId: JOB.replace('6f', '7f') }, 0)).toBe('invalid');
    expect(imageSignatureProblem(`${SECRET}x`, parts, 0)).toBe('invalid');
    expect(imageSignatureProblem(SECRET, { ...parts, expires: '2000000001' }, 0)).toBe('invalid');
    expect(imageSignatureProblem(SECRET, { ...parts, signature: 'zz' }, 0)).toBe('invalid');
  });

  it('names files by media type', () => {
    expect(['image/png', 'image/jpeg', 'image/gif', 'image/webp'].map(imageExtension)).toEqual(['png', 'jpg', 'gif', 'webp']);
  });
});
