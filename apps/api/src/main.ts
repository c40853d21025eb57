import 'reflect-metadata';
import { loadConfigOrExit } from '@docformat/config';
import { createApp } from './app.factory';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  await app.listen(config.PORT, '0.0.0.0');
}

void main();
