import { applyTestEnvironment } from '@docformat/testing';

applyTestEnvironment('api');
