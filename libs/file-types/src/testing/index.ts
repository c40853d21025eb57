// Test support: builders for small container files, for identification tests anywhere.
export { buildCfb, buildZip } from './containers';
