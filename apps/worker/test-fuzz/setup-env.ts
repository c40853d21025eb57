import { applyTestEnvironment } from '@docformat/testing';

applyTestEnvironment('fuzz');
