import { listMarker } from './list-marker';

describe('listMarker', () => {
  it('reads bullets, numbers and letters', () => {
    expect(listMarker('• item')).toEqual({ ordered: false, rest: 'item' });
    expect(listMarker('- item')).toEqual({ ordered: false, rest: 'item' });
    expect(listMarker('12. item')).toEqual({ ordered: true, number: 12, rest: 'item' });
    expect(listMarker('b) item')).toEqual({ ordered: true, rest: 'item' });
    expect(listMarker('e.g. not a list')).toBeUndefined();
    expect(listMarker('2024 was a year')).toBeUndefined();
  });
});
