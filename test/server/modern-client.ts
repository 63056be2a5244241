import type { CatalogClient } from '../../src/api/client.js';
import type { CallArgs } from '../../src/api/types.js';
import { exactShape, operations, summarizeProblems, describeIssues, type ModernResponseOf, type OperationKey } from '../../src/contract/index.js';

/**
 * Our own client, for tests of the embedded server: each answer is held to the full modern shape
 * of its operation, with no key the shape does not name (writer strict), and typed by it.
 */
export type ModernClient = Omit<CatalogClient, 'call'> & {
  call<K extends OperationKey>(key: K, args?: CallArgs<K>): Promise<ModernResponseOf<K>>;
};

const exact = new Map<OperationKey, ReturnType<typeof exactShape>>();

/** Checks a body against the exact modern shape of `key`; throws naming the fields that differ. */
export function expectModern<K extends OperationKey>(key: K, body: unknown): ModernResponseOf<K> {
  let schema = exact.get(key);
  if (!schema) exact.set(key, (schema = exactShape(operations[key].modern)));
  const outcome = schema.safeParse(body);
  if (!outcome.success) throw new Error(`${key}: not the modern shape: ${summarizeProblems(describeIssues(outcome.error), 6)}`);
  return body as ModernResponseOf<K>;
}

export function modernClient(client: CatalogClient): ModernClient {
  const call = async <K extends OperationKey>(key: K, args?: CallArgs<K>) => expectModern(key, await client.call(key, args));
  return Object.assign(Object.create(client) as CatalogClient, { call }) as ModernClient;
}
