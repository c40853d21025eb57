// The build copies markdown-it's self-contained browser ES module here as markdown-it.js
// (apps/api/web/build.js); its types are the package's own.
export { default } from 'markdown-it';
