/**
 * Country names for ISO 3166-1 codes (Intl.DisplayNames), plus the sub-regions the service
 * keys certifications by (CA-QC), which Intl does not name.
 */

const SUBDIVISIONS: Readonly<Record<string, string>> = {
  'CA-QC': 'Quebec',
};

/**
 * What people call a country besides its English name, for filters: Intl names the United
 * Kingdom and the United States in full and has no word for "UK", "USA" or "Holland", and the
 * name of a sub-region in its own language ("Québec") is not in Intl either. Names in the
 * country's own language come from Intl (see regionSearchNames), so they are not repeated here.
 */
const COMMON_NAMES: Readonly<Record<string, readonly string[]>> = {
  GB: ['UK', 'Britain', 'Great Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  US: ['USA', 'US', 'America', 'United States of America'],
  NL: ['Holland'],
  KR: ['Korea', 'Republic of Korea'],
  KP: ['Korea', 'North Korea'],
  'CA-QC': ['Québec'],
  AE: ['UAE', 'Emirates'],
  CZ: ['Czech Republic'],
  HK: ['Hong Kong'],
  MO: ['Macau', 'Macao'],
  RU: ['Russian Federation'],
  TW: ['Taiwan'],
  VI: ['US Virgin Islands', 'Virgin Islands'],
};

let regionNames: Intl.DisplayNames | undefined;

export function regionName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const [country, subdivision] = code.split('-', 2);
  let name: string;
  try {
    name = regionNames.of(country!.toUpperCase()) ?? code;
  } catch {
    // Not a well-formed region code: show it as the service sent it.
    return code;
  }
  if (!subdivision) return name;
  return `${name} (${SUBDIVISIONS[code.toUpperCase()] ?? subdivision})`;
}

/** The country's name in its own main language ("Deutschland" for DE), when Intl knows one. */
function nativeName(code: string): string | undefined {
  if (code.includes('-')) return undefined;
  try {
    const language = new Intl.Locale(`und-${code}`).maximize().language;
    const name = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code);
    return name ?? undefined;
  } catch {
    return undefined;
  }
}

const searchNames = new Map<string, readonly string[]>();

/**
 * The other names a filter should know a region by, besides its code and English name: common
 * names ("UK", "Holland") and its name in its own language ("Nederland"). Cached per code.
 */
export function regionSearchNames(code: string): readonly string[] {
  const upper = code.toUpperCase();
  let names = searchNames.get(upper);
  if (!names) {
    const native = nativeName(upper);
    names = [...(COMMON_NAMES[upper] ?? []), ...(native && native !== regionName(upper) ? [native] : [])];
    searchNames.set(upper, names);
  }
  return names;
}

/** Text folded for matching what is typed: lower case, accents removed ("Québec" -> "quebec"). */
export function foldForMatch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}
