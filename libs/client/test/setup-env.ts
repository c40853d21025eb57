import { applyTestEnvironment } from '@docformat/testing';

applyTestEnvironment('client');
