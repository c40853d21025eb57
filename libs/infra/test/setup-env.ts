import { applyTestEnvironment } from '../../testing/src/test-environment';

applyTestEnvironment('infra');
