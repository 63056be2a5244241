/**
 * The service's address. Every operation path of the table starts with "/3", so an address
 * given as ".../3/" is the same service as "...": the "/3" is dropped, as are a query and a
 * fragment. Only http and https are spoken.
 */
export type AddressOutcome = { ok: true; url: URL } | { ok: false; problem: string };

export function serviceAddress(raw: string): AddressOutcome {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: `base URL "${raw}" is not a URL (expected e.g. https://api.themoviedb.org)` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, problem: `base URL must be http or https, not ${url.protocol}` };
  }
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/3$/, '');
  url.search = '';
  url.hash = '';
  return { ok: true, url };
}
