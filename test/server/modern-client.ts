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
  const problem = MODERN_FACTS[key]?.(body as never);
  if (problem) throw new Error(`${key}: not what the real service sends: ${problem}`);
  return body as ModernResponseOf<K>;
}

type Fact<K extends OperationKey> = (body: ModernResponseOf<K>) => string | undefined;

/**
 * What the exact shape cannot say: facts about some items only (a tagged series counts its
 * episodes, a tagged film does not). List ids are checked in the raw bodies (lists tests): our
 * client reads a digit string as a number.
 */
const MODERN_FACTS: { readonly [K in OperationKey]?: Fact<K> } = {
  personTaggedImages: (body) =>
    body.results.some((image) => image.media_type === 'tv' && typeof image.media.episode_count !== 'number')
      ? 'a tagged series has no media.episode_count'
      : undefined,
};

export function modernClient(client: CatalogClient): ModernClient {
  const call = async <K extends OperationKey>(key: K, args?: CallArgs<K>) => expectModern(key, await client.call(key, args));
  return Object.assign(Object.create(client) as CatalogClient, { call }) as ModernClient;
}
