import type { CatalogApi, Runtime } from '../../deps.js';
import { patchSlice, type SliceContext } from '../../slice.js';
import type { ExportJob, ImportJob, TransfersStore } from './model.js';

/** Loaded when first used: nobody waits for the readers and CSV libraries at start. */
export const importCode = () => import('../../../transfers/tui.js');

/** What the import and the export share: the store, the runtime, and the account they work on. */
export class TransfersContext {
  readonly get: () => TransfersStore;
  readonly runtime: Runtime;
  readonly #set: SliceContext<TransfersStore>['set'];

  constructor({ set, get, runtime }: SliceContext<TransfersStore>) {
    this.#set = set;
    this.get = get;
    this.runtime = runtime;
  }

  patchImport(job: ImportJob): void {
    patchSlice(this.#set, 'transfers', { import: job });
  }

  patchExport(job: ExportJob): void {
    patchSlice(this.#set, 'transfers', { export: job });
  }

  /** The client and the account's id, or why there are none. */
  async account(): Promise<{ client: CatalogApi; accountId: number } | { problem: string }> {
    const client = this.runtime.client;
    if (!client) return { problem: 'Not connected to the service yet.' };
    if (this.get().session.current.kind !== 'user') return { problem: 'Import and export work on an account: sign in first.' };
    return { client, accountId: await this.get().session.accountIdFor(client) };
  }
}
