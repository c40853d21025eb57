import { applyTestEnvironment } from '@docformat/testing';

applyTestEnvironment('browser');
