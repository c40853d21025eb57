// Moved to @docformat/testing, where the client's and the CLI's end-to-end tests use it too.
export { startApiProcess, type ApiProcess } from '@docformat/testing';
