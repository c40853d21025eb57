import { EventEmitter } from 'node:events';
import { endQuietlyOnClosedPipe } from './io';

describe('endQuietlyOnClosedPipe', () => {
  const errno = (code: string) => Object.assign(new Error(`write ${code}`), { code });

  it('exits 0 when the reader has closed the pipe', () => {
    const stream = new EventEmitter();
    const exit = jest.fn();
    endQuietlyOnClosedPipe(stream, exit);

    stream.emit('error', errno('EPIPE'));

    expect(exit).toHaveBeenCalledWith(0);
  });

  it('still throws any other write error', () => {
    const stream = new EventEmitter();
    const exit = jest.fn();
    endQuietlyOnClosedPipe(stream, exit);

    expect(() => stream.emit('error', errno('ENOSPC'))).toThrow('write ENOSPC');
    expect(exit).not.toHaveBeenCalled();
  });
});
