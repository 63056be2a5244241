import { type EndpointSpec, endpoints, type Endpoints } from './endpoints.js';

/**
 * append_to_response, as the real service documents it: "sub requests within the same
 * namespace". A record's sub-resources are the GET operations whose path is the record's own
 * path and one more fixed segment or two (`/3/movie/{movie_id}/credits`,
 * `/3/tv/{series_id}/watch/providers`); each is appended under that rest of its path. Derived
 * from the table, so a sub-resource added there is appendable without a second list; a path
 * that names another record (`.../season/{season_number}`) is a record of its own, not a part.
 */

type EndpointKey = keyof Endpoints;

export interface AppendablePart {
  /** The name append_to_response gives it: the path below the record's (`watch/providers`). */
  readonly name: string;
  readonly key: EndpointKey;
}

const keys = Object.keys(endpoints) as EndpointKey[];

function partsBelow(path: string): readonly AppendablePart[] {
  const prefix = `${path}/`;
  return keys.flatMap((key) => {
    const spec: EndpointSpec = endpoints[key];
    if (spec.method !== 'GET' || !spec.path.startsWith(prefix)) return [];
    const name = spec.path.slice(prefix.length);
    return name.includes('{') ? [] : [{ name, key }];
  });
}

const byRecord = new Map<EndpointKey, ReadonlyMap<string, EndpointKey>>();

/**
 * The parts a record's details operation can append, by name (empty for an operation whose path
 * has no sub-resources, or that takes no append_to_response).
 */
export function appendablePartsOf(key: EndpointKey): ReadonlyMap<string, EndpointKey> {
  let parts = byRecord.get(key);
  if (!parts) {
    const spec: EndpointSpec = endpoints[key];
    const takesParts = spec.method === 'GET' && Object.hasOwn(spec.query, 'append_to_response');
    parts = new Map(takesParts ? partsBelow(spec.path).map((part) => [part.name, part.key]) : []);
    byRecord.set(key, parts);
  }
  return parts;
}
