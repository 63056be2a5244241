import { writeSecretFile } from '../../../storage/index.js';
import { describeFailure } from '../../words/failures.js';
import { importCode, type TransfersContext } from './context.js';
import type { ExportFormat } from './model.js';
import { exportFilePath } from './paths.js';

/** The account written to a file (0600), in one of the export formats, with its steps said as it goes. */
export class AccountExport {
  constructor(private readonly context: TransfersContext) {}

  async exportTo(rawPath: string, format: ExportFormat): Promise<void> {
    const { context } = this;
    const { get, runtime } = context;
    if (get().transfers.export.status === 'exporting') return;
    if (rawPath.trim() === '') {
      context.patchExport({ status: 'failed', path: '', message: 'Type the path of the file to write.' });
      return;
    }
    const path = exportFilePath(rawPath, format);
    context.patchExport({ status: 'exporting', path, format, step: 'the account' });
    try {
      const { exportAccount, formatExport } = await importCode();
      const found = await context.account();
      if ('problem' in found) {
        context.patchExport({ status: 'failed', path, message: found.problem });
        return;
      }
      const data = await exportAccount(found.client, found.accountId, new Date(runtime.deps.now?.() ?? Date.now()), {
        progress: (step) => context.patchExport({ status: 'exporting', path, format, step }),
        recorded: get().ratings.datedRatings(),
      });
      const { text, leftOut } = formatExport(data, format);
      try {
        writeSecretFile(path, text);
      } catch (error) {
        context.patchExport({ status: 'failed', path, message: `Cannot write the file (${(error as NodeJS.ErrnoException).code ?? String(error)}).` });
        return;
      }
      const lists = data.lists.length;
      const summary = format === 'letterboxd'
        ? `${data.ratings.length - leftOut} rated films${leftOut > 0 ? ` (Letterboxd keeps films only: ${leftOut} ratings of series and episodes left out)` : ''}`
        : `${data.ratings.length} ratings, ${data.watchlist.length} on the watchlist, ${data.favorites.length} favourites, ${lists} ${lists === 1 ? 'list' : 'lists'}`;
      context.patchExport({ status: 'done', path, format, summary });
      get().notifications.notify(`Exported to ${path}`, 'success');
    } catch (error) {
      context.patchExport({ status: 'failed', path, message: describeFailure(error).message });
    }
  }

  /** Back to idle, when no export is running. */
  reset(): void {
    if (this.context.get().transfers.export.status === 'exporting') return;
    this.context.patchExport({ status: 'idle' });
  }
}
