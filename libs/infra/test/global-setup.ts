import { prepareTestDatabase } from '../../testing/src/test-environment';

export default () => prepareTestDatabase('infra');
