import { applyTestEnvironment } from '@docformat/testing';

applyTestEnvironment('worker');
