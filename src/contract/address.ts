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

/** The real service's API host, whose approval page is on its web site, not on the API host. */
const REAL_SERVICE_API_HOST = 'api.themoviedb.org';
const REAL_SERVICE_APPROVAL_BASE = 'https://www.themoviedb.org';

/**
 * Where `/authenticate/<request token>` is the approval page of the service at `baseUrl`: the
 * real service's web site for the real service only; any other service (`marquee serve`, the
 * embedded catalog, a service of the same interface) serves the page itself. A request token
 * never goes to a site other than the one the person named.
 */
export function approvalBaseFor(baseUrl: string): string {
  const address = serviceAddress(baseUrl);
  if (!address.ok) return baseUrl.replace(/\/+$/, '');
  if (address.url.hostname.toLowerCase() === REAL_SERVICE_API_HOST) return REAL_SERVICE_APPROVAL_BASE;
  return `${address.url.origin}${address.url.pathname}`.replace(/\/+$/, '');
}
