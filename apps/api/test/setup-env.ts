import { applyTestEnvironment } from '../../../libs/testing/src/test-environment';

applyTestEnvironment('api');
