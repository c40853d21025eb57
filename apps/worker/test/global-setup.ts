import { prepareTestDatabase } from '../../../libs/testing/src/test-environment';

export default () => prepareTestDatabase('worker');
