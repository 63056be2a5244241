import { OFFER_KINDS, type OfferKind } from '../../contract/index.js';
import type { ProviderInfo } from '../catalog/watch-providers.js';
import { escapeHtml, page } from './approval.js';

/**
 * The page a title's watch-provider `link` opens: where the title can be watched in one
 * region, by kind of offer. The real service links its own site's page; this is ours.
 */

const OFFER_HEADINGS: Readonly<Record<OfferKind, string>> = {
  flatrate: 'Stream',
  free: 'Free',
  ads: 'Free with ads',
  rent: 'Rent',
  buy: 'Buy',
};

export function watchPage(title: string, regionName: string, offers: Partial<Record<OfferKind, ProviderInfo[]>> | undefined): string {
  const sections = OFFER_KINDS.flatMap((kind) => {
    const providers = offers?.[kind];
    if (!providers || providers.length === 0) return [];
    const items = providers.map((p) => `<li>${escapeHtml(p.name)}</li>`).join('');
    return [`<h2>${OFFER_HEADINGS[kind]}</h2><ul>${items}</ul>`];
  });
  const body = sections.length > 0 ? sections.join('\n') : `<p>Not available to watch in ${escapeHtml(regionName)}.</p>`;
  return page(`Where to watch ${title}`, `<h1>Where to watch ${escapeHtml(title)}</h1>\n<p class="muted">${escapeHtml(regionName)}</p>\n${body}`);
}
