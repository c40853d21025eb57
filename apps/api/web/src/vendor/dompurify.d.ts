// The build copies DOMPurify's ES module here as dompurify.js (apps/api/web/build.js);
// its types are the package's own.
export { default } from 'dompurify';
