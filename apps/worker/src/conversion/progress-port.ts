import type { PageProgress } from '@docformat/converters';
import { MessageChannel, type MessagePort } from 'node:worker_threads';

/** What a thread posts on its progress port: the pages it will read, or pages read since the last message. */
type ProgressMessage = { planned: number } | { read: number };

/**
 * The thread's side: the converters' PageProgress, posted to the main thread. Posting is
 * cheap (no round trip), and a page's message is only a number.
 */
export function postedProgress(port: MessagePort): PageProgress {
  return {
    planned: (pages) => port.postMessage({ planned: pages } satisfies ProgressMessage),
    read: (pages) => port.postMessage({ read: pages } satisfies ProgressMessage),
  };
}

/** The main thread's side: a channel whose second port goes to the thread, its messages told to `progress`. */
export function progressChannel(progress: PageProgress): MessageChannel {
  const channel = new MessageChannel();
  channel.port1.on('message', (message: ProgressMessage) => {
    if ('planned' in message) progress.planned(message.planned);
    else progress.read(message.read);
  });
  return channel;
}
