/** Stylesheets imported by the page are bundled by esbuild into console.css. */
declare module '*.css';
