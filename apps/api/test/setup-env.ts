import { join } from 'node:path';
import { applyTestEnvironment } from '@docformat/testing';

applyTestEnvironment('api');
// Rendering threads run the TypeScript sources with @swc-node/register, which reads
// the `@docformat/*` path aliases from this tsconfig.
process.env['SWC_NODE_PROJECT'] = join(__dirname, '../../../tsconfig.base.json');
