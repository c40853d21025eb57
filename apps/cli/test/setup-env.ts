import { applyTestEnvironment } from '@docformat/testing';

applyTestEnvironment('cli');
