import type { AppConfig } from '@docformat/config';
import { createApp } from './app.factory';

/** One API process: the Nest app listening on PORT (alone, or as one of API_PROCESSES sharing it). */
export async function startServer(config: AppConfig): Promise<void> {
  const app = await createApp(config);
  await app.listen(config.PORT, '0.0.0.0');
}
