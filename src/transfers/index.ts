export * from './rows.js';
export { readImportData, readImportFile } from './read.js';
export { marqueeExport } from './marquee-format.js';
