/** Kept equal to package.json's version (a test checks it); bundled, so no file read at start. */
export const VERSION = '0.1.0';
