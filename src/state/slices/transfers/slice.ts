import type { SliceContext } from '../../slice.js';
import { AccountExport } from './account-export.js';
import { TransfersContext } from './context.js';
import { FileImport } from './file-import.js';
import type { TransfersSlice, TransfersStore } from './model.js';

/**
 * Import and export from the Lists tab. The slice builds its parts and hands each action to
 * the one that does it: the import of a file (file-import.ts) and the export of the account
 * (account-export.ts).
 */
export function createTransfersSlice(store: SliceContext<TransfersStore>): TransfersSlice {
  const context = new TransfersContext(store);
  const fileImport = new FileImport(context);
  const accountExport = new AccountExport(context);

  return {
    import: { status: 'idle' },
    export: { status: 'idle' },
    readImport: (path) => fileImport.read(path),
    setKeepExisting: (keep) => fileImport.setKeepExisting(keep),
    checkImport: () => fileImport.check(),
    uncheckImport: () => fileImport.uncheck(),
    startImport: () => fileImport.start(),
    stopImport: () => fileImport.stop(),
    resetImport: () => fileImport.reset(),
    exportTo: (path, format) => accountExport.exportTo(path, format),
    resetExport: () => accountExport.reset(),
  };
}
