/**
 * Country names for ISO 3166-1 codes (Intl.DisplayNames), plus the sub-regions the service
 * keys certifications by (CA-QC), which Intl does not name.
 */

const SUBDIVISIONS: Readonly<Record<string, string>> = {
  'CA-QC': 'Quebec',
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
