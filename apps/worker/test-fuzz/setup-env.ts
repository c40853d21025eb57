import { join } from 'node:path';
import { applyTestEnvironment } from '@docformat/testing';

applyTestEnvironment('fuzz');
// The worker process and its conversion threads compile TypeScript with @swc-node/register.
process.env['SWC_NODE_PROJECT'] = join(__dirname, '../../../tsconfig.base.json');
