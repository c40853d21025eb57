import { applyTestEnvironment } from '@docformat/testing';

applyTestEnvironment('db');
