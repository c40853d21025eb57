import { applyTestEnvironment } from '@docformat/testing';

applyTestEnvironment('infra');
