import { textItem } from '../../testing/text-items';
import { textTurn, turnAreas, turnPage, turnPoint } from './page-rotation';

describe('pages whose text reads sideways', () => {
  it('are found by the direction most of their characters read in', () => {
    expect(
      textTurn([
        { chars: 90, dx: 0, dy: -1 },
        { chars: 10, dx: 1, dy: 0 },
      ]),
    ).toBe('up');
    expect(
      textTurn([
        { chars: 70, dx: 0.05, dy: 1 },
        { chars: 30, dx: 1, dy: 0 },
      ]),
    ).toBe('down');
    expect(
      textTurn([
        { chars: 50, dx: 0, dy: -1 },
        { chars: 50, dx: 1, dy: 0 },
      ]),
    ).toBe('upright');
    expect(textTurn([])).toBe('upright');
  });

  it('are turned so that reading goes left to right and lines go top to bottom', () => {
    // A 600 × 800 page whose text reads upwards: a word starting low on the left reads
    // first; the next line is to its right.
    expect(turnPoint('up', 100, 700, 600, 800)).toEqual([100, 100]);
    expect(turnPoint('up', 130, 700, 600, 800)).toEqual([100, 130]);
    expect(turnPoint('down', 500, 100, 600, 800)).toEqual([100, 100]);
  });

  it('turn their words, rules and link areas alike, and swap the page size', () => {
    const turned = turnPage('up', {
      width: 600,
      height: 800,
      items: [textItem('Total', 100, 700)],
      rules: [
        { horizontal: true, at: 50, from: 100, to: 500 },
        { horizontal: false, at: 100, from: 200, to: 700 },
      ],
    });
    expect(turned).toMatchObject({ width: 800, height: 600, items: [{ text: 'Total', x: 100, y: 100 }] });
    expect(turned.rules).toEqual([
      { horizontal: false, at: 750, from: 100, to: 500 },
      { horizontal: true, at: 100, from: 100, to: 600 },
    ]);
    expect(turnAreas('up', [{ href: 'https://x.test', left: 90, right: 110, top: 650, bottom: 710 }], 600, 800)).toEqual([
      { href: 'https://x.test', left: 90, right: 150, top: 90, bottom: 110 },
    ]);
  });
});
