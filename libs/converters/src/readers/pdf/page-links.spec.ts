import { textItem } from '../../testing/text-items';
import { applyLinks } from './page-links';

describe('applyLinks', () => {
  it('splits an item at the link area, snapped to word boundaries', () => {
    const [before, link, after] = applyLinks(
      [textItem('see the spec here', 0, 100)],
      [{ href: 'https://x.test', left: 38, right: 62, top: 90, bottom: 102 }],
    );
    expect([before.text, link.text, link.href, after.text]).toEqual(['see the ', 'spec', 'https://x.test', ' here']);
  });
});
