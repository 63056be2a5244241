/**
 * What the TUI's import and export use, in one module that the TUI loads on first use: the
 * readers, the matcher and the CSV and zip libraries stay out of the code the first frame waits for.
 */
export { exportAccount } from './account-export.js';
export { changeText, importRows, importTotals, isLeftOut, isWrite } from './apply.js';
export { formatExport } from './export-formats.js';
export { openJournal } from './journal.js';
export { readImportFile } from './read.js';
export { defaultReportPath, titleText, writeReport } from './report.js';
export { ImportFileError } from './rows.js';
