import { prepareTestDatabase } from '../../../libs/testing/src/test-environment';

/** A database of its own (`<base>_test_fuzz`): the suite empties its jobs table first. */
export default () => prepareTestDatabase('fuzz');
