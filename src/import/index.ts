export * from './rows.js';
export { type ReadOptions, readImportData, readImportFile } from './read.js';
export { MARQUEE_FORMAT, MARQUEE_FORMAT_VERSION, type MarqueeExport, marqueeExport } from './marquee-format.js';
