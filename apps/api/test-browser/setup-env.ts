import { join } from 'node:path';
import { applyTestEnvironment } from '@docformat/testing';

applyTestEnvironment('browser');
// The API and worker processes run the TypeScript sources with @swc-node/register.
process.env['SWC_NODE_PROJECT'] = join(__dirname, '../../../tsconfig.base.json');
