/**
 * TV and movie certifications by country: the labels and their order are the real rating
 * systems' (as the real service lists them); the meanings are short explanations in our own words.
 */

export type Certification = {
  certification: string;
  meaning: string;
  order: number;
};

type Row = readonly [label: string, order: number, meaning: string];

const unrated = 'Not rated, or not yet classified.';
const everyone = 'Suitable for viewers of every age.';
const guidance = 'Some scenes may not suit younger children; parents may want to watch along.';
const from = (age: number) => `Not recommended for viewers under ${age}.`;
const accompanied = (age: number) => `Viewers under ${age} should watch with an adult.`;
const adults = (age: number) => `Adults only: no one under ${age}.`;
const exempt = 'Exempt from classification, such as news, sport or documentaries.';
const restricted = 'Restricted: explicit adult material, only in licensed venues or outlets.';
const refused = 'Refused classification: may not be shown or sold.';

const US_TV: Row[] = [
  ['NR', 0, unrated],
  ['TV-Y', 1, 'Designed for all children, including the very youngest.'],
  ['TV-Y7', 2, 'Aimed at children of seven and older; may include mild fantasy violence.'],
  ['TV-G', 3, 'Suitable for a general audience; little or nothing unsettling.'],
  ['TV-PG', 4, guidance],
  ['TV-14', 5, 'Contains material many parents would find unsuitable for children under 14.'],
  ['TV-MA', 6, 'Meant for mature adults; unsuitable for anyone under 17.'],
];

const US_MOVIE: Row[] = [
  ['NR', 0, unrated],
  ['G', 1, everyone],
  ['PG', 2, guidance],
  ['PG-13', 3, 'Some material may be inappropriate for children under 13.'],
  ['R', 4, accompanied(17)],
  ['NC-17', 5, adults(18)],
];

export const TV_CERTIFICATIONS: Readonly<Record<string, readonly Row[]>> = {
  US: US_TV,
  // Puerto Rico follows the United States' TV guidelines.
  PR: US_TV,
  CA: [
    ['Exempt', 1, exempt],
    ['C', 2, 'Programming for children under eight.'],
    ['C8', 3, 'For children of eight and older; no realistic violence.'],
    ['G', 4, everyone],
    ['PG', 5, guidance],
    ['14+', 6, from(14)],
    ['18+', 7, adults(18)],
  ],
  'CA-QC': [
    ['NR', 0, unrated],
    ['G', 1, everyone],
    ['8+', 2, from(8)],
    ['13+', 3, from(13)],
    ['16+', 4, from(16)],
    ['18+', 5, adults(18)],
  ],
  GB: [
    ['U', 0, everyone],
    ['PG', 1, guidance],
    ['12A', 2, accompanied(12)],
    ['12', 3, from(12)],
    ['15', 4, from(15)],
    ['18', 5, adults(18)],
    ['R18', 6, restricted],
  ],
  DE: [
    ['0', 1, everyone],
    ['6', 2, from(6)],
    ['12', 3, from(12)],
    ['16', 4, from(16)],
    ['18', 5, adults(18)],
  ],
  FR: [
    ['NR', 0, unrated],
    ['10', 1, from(10)],
    ['12', 2, from(12)],
    ['16', 3, from(16)],
    ['18', 4, adults(18)],
  ],
  ES: [
    ['NR', 0, unrated],
    ['ERI', 1, 'Specially recommended for children.'],
    ['TP', 2, everyone],
    ['7', 3, from(7)],
    ['10', 4, from(10)],
    ['12', 5, from(12)],
    ['13', 6, from(13)],
    ['16', 7, from(16)],
    ['18', 8, adults(18)],
  ],
  IT: [
    ['T', 1, everyone],
    ['BA', 2, 'Children should watch with an adult.'],
    ['VM12', 3, from(12)],
    ['VM14', 4, from(14)],
    ['VM18', 5, adults(18)],
  ],
  NL: [
    ['NR', 0, unrated],
    ['AL', 1, everyone],
    ['6', 2, from(6)],
    ['9', 3, from(9)],
    ['12', 4, from(12)],
    ['14', 5, from(14)],
    ['16', 6, from(16)],
    ['18', 7, adults(18)],
  ],
  AU: [
    ['P', 1, 'Programming for preschool children.'],
    ['C', 2, 'Programming for school-age children.'],
    ['G', 3, everyone],
    ['PG', 4, guidance],
    ['M', 5, 'Recommended for mature viewers of 15 and older.'],
    ['MA 15+', 6, 'Not suitable for anyone under 15 without an adult.'],
    ['AV 15+', 7, 'Strong violence; not suitable for anyone under 15.'],
    ['R 18+', 8, adults(18)],
  ],
  BR: [
    ['L', 0, everyone],
    ['10', 1, from(10)],
    ['12', 2, from(12)],
    ['14', 3, from(14)],
    ['16', 4, from(16)],
    ['18', 5, adults(18)],
  ],
  KR: [
    ['Exempt', 1, exempt],
    ['ALL', 2, everyone],
    ['7', 3, from(7)],
    ['12', 4, from(12)],
    ['15', 5, from(15)],
    ['19', 6, adults(19)],
  ],
  PT: [
    ['NR', 0, unrated],
    ['T', 1, everyone],
    ['10AP', 2, accompanied(10)],
    ['12AP', 3, accompanied(12)],
    ['16', 4, from(16)],
    ['18', 5, adults(18)],
  ],
  RU: [
    ['0+', 1, everyone],
    ['6+', 2, from(6)],
    ['12+', 3, from(12)],
    ['16+', 4, from(16)],
    ['18+', 5, adults(18)],
  ],
  FI: [
    ['S', 0, everyone],
    ['K7', 1, from(7)],
    ['K12', 2, from(12)],
    ['K16', 3, from(16)],
    ['K18', 4, adults(18)],
  ],
  NO: [
    ['A', 1, everyone],
    ['6', 2, from(6)],
    ['9', 3, from(9)],
    ['12', 4, from(12)],
    ['15', 5, from(15)],
    ['18', 6, adults(18)],
  ],
  DK: [
    ['A', 1, everyone],
    ['7', 2, from(7)],
    ['11', 3, from(11)],
    ['15', 4, from(15)],
  ],
  SE: [
    ['Btl', 1, everyone],
    ['Från 7 år', 2, from(7)],
    ['Från 11 år', 3, from(11)],
    ['Från 15 år', 4, from(15)],
  ],
  NZ: [
    ['G', 1, everyone],
    ['PG', 2, guidance],
    ['M', 3, 'Suited to mature audiences of 16 and older.'],
    ['16', 4, from(16)],
    ['18', 5, adults(18)],
  ],
  MX: [
    ['AA', 1, 'Made for children; understandable to every age.'],
    ['A', 2, everyone],
    ['B', 3, 'For teenagers of 12 and older.'],
    ['B-15', 4, from(15)],
    ['C', 5, adults(18)],
    ['D', 6, 'Adults only: explicit material.'],
  ],
  IN: [
    ['U', 1, everyone],
    ['U/A 7+', 2, accompanied(7)],
    ['U/A 13+', 3, accompanied(13)],
    ['U/A 16+', 4, accompanied(16)],
    ['A', 5, adults(18)],
  ],
  PL: [
    ['0', 1, everyone],
    ['7', 2, from(7)],
    ['12', 3, from(12)],
    ['16', 4, from(16)],
    ['18', 5, adults(18)],
  ],
  HU: [
    ['NR', 0, unrated],
    ['Unrated', 1, 'Shown without a rating, such as news and live events.'],
    ['Children', 2, 'Programming made for children.'],
    ['6', 3, from(6)],
    ['12', 4, from(12)],
    ['16', 5, from(16)],
    ['18', 6, adults(18)],
  ],
};

export const MOVIE_CERTIFICATIONS: Readonly<Record<string, readonly Row[]>> = {
  US: US_MOVIE,
  // Puerto Rico uses the United States' film ratings.
  PR: US_MOVIE,
  CA: [
    ['E', 1, exempt],
    ['G', 2, everyone],
    ['PG', 3, guidance],
    ['14A', 4, accompanied(14)],
    ['18A', 5, accompanied(18)],
    ['R', 6, adults(18)],
    ['A', 7, restricted],
  ],
  'CA-QC': [
    ['NR', 0, unrated],
    ['G', 1, everyone],
    ['13+', 2, from(13)],
    ['16+', 3, from(16)],
    ['18+', 4, adults(18)],
  ],
  GB: [
    ['U', 1, everyone],
    ['PG', 2, guidance],
    ['12A', 3, accompanied(12)],
    ['12', 4, from(12)],
    ['15', 5, from(15)],
    ['18', 6, adults(18)],
    ['R18', 7, restricted],
  ],
  IE: [
    ['G', 1, everyone],
    ['PG', 2, guidance],
    ['12A', 3, accompanied(12)],
    ['15A', 4, accompanied(15)],
    ['16', 5, from(16)],
    ['18', 6, adults(18)],
  ],
  DE: [
    ['0', 1, everyone],
    ['6', 2, from(6)],
    ['12', 3, from(12)],
    ['16', 4, from(16)],
    ['18', 5, adults(18)],
  ],
  FR: [
    ['TP', 1, everyone],
    ['12', 2, from(12)],
    ['16', 3, from(16)],
    ['18', 4, adults(18)],
  ],
  ES: [
    ['A', 1, everyone],
    ['Ai', 2, 'Suitable for every age and especially recommended for children.'],
    ['7', 3, from(7)],
    ['7i', 4, 'Not recommended under 7; especially recommended for children.'],
    ['12', 5, from(12)],
    ['16', 5, from(16)],
    ['18', 7, adults(18)],
    ['X', 8, restricted],
  ],
  IT: [
    ['NR', 0, unrated],
    ['T', 1, everyone],
    ['6+', 2, from(6)],
    ['14+', 3, from(14)],
    ['18+', 4, adults(18)],
  ],
  NL: [
    ['AL', 1, everyone],
    ['6', 2, from(6)],
    ['9', 3, from(9)],
    ['12', 4, from(12)],
    ['14', 5, from(14)],
    ['16', 6, from(16)],
    ['18', 7, adults(18)],
  ],
  AU: [
    ['E', 1, exempt],
    ['G', 2, everyone],
    ['PG', 3, guidance],
    ['M', 4, 'Recommended for mature viewers of 15 and older.'],
    ['MA 15+', 5, 'Not suitable for anyone under 15 without an adult.'],
    ['R 18+', 6, adults(18)],
    ['X 18+', 7, restricted],
    ['RC', 8, refused],
  ],
  BR: [
    ['L', 1, everyone],
    ['10', 2, from(10)],
    ['12', 3, from(12)],
    ['14', 4, from(14)],
    ['16', 5, from(16)],
    ['18', 6, adults(18)],
  ],
  KR: [
    ['All', 0, everyone],
    ['12', 1, from(12)],
    ['15', 2, from(15)],
    ['18', 3, adults(18)],
    ['Restricted Screening', 4, restricted],
  ],
  JP: [
    ['G', 1, everyone],
    ['PG12', 2, accompanied(12)],
    ['R15+', 3, from(15)],
    ['R18+', 4, adults(18)],
  ],
  PT: [
    ['Públicos', 1, everyone],
    ['M/3', 2, from(3)],
    ['M/6', 3, from(6)],
    ['M/12', 4, from(12)],
    ['M/14', 5, from(14)],
    ['M/16', 6, from(16)],
    ['M/18', 7, adults(18)],
    ['P', 8, restricted],
  ],
  RU: [
    ['NR', 0, unrated],
    ['0+', 1, everyone],
    ['6+', 2, from(6)],
    ['12+', 3, from(12)],
    ['16+', 4, from(16)],
    ['18+', 5, adults(18)],
  ],
  FI: [
    ['S', 1, everyone],
    ['K-7', 2, from(7)],
    ['K-12', 3, from(12)],
    ['K-16', 4, from(16)],
    ['K-18', 5, adults(18)],
    ['KK', 6, refused],
  ],
  NO: [
    ['NR', 0, unrated],
    ['A', 1, everyone],
    ['6', 2, from(6)],
    ['9', 3, from(9)],
    ['12', 4, from(12)],
    ['15', 5, from(15)],
    ['18', 6, adults(18)],
  ],
  DK: [
    ['NR', 0, unrated],
    ['A', 1, everyone],
    ['7', 2, from(7)],
    ['11', 3, from(11)],
    ['15', 4, from(15)],
    ['F', 5, 'Exempt from classification.'],
  ],
  SE: [
    ['NR', 0, unrated],
    ['Btl', 1, everyone],
    ['7', 2, from(7)],
    ['11', 3, from(11)],
    ['15', 4, from(15)],
  ],
  NZ: [
    ['G', 1, everyone],
    ['PG', 2, guidance],
    ['M', 3, 'Suited to mature audiences of 16 and older.'],
    ['R13', 4, 'Restricted: no one under 13.'],
    ['RP13', 5, 'Under 13 only with a parent or guardian.'],
    ['R15', 6, 'Restricted: no one under 15.'],
    ['R16', 7, 'Restricted: no one under 16.'],
    ['RP16', 8, 'Under 16 only with a parent or guardian.'],
    ['R18', 9, adults(18)],
    ['RP18', 10, 'Under 18 only with a parent or guardian.'],
    ['R', 11, 'Restricted to a particular audience or purpose.'],
  ],
  MX: [
    ['AA', 1, 'Made for children; understandable to every age.'],
    ['A', 2, everyone],
    ['B', 3, 'For teenagers of 12 and older.'],
    ['B-15', 4, from(15)],
    ['C', 5, adults(18)],
    ['D', 6, 'Adults only: explicit material.'],
  ],
  IN: [
    ['U', 1, everyone],
    ['U/A 7+', 2, accompanied(7)],
    ['UA', 3, accompanied(12)],
    ['U/A 13+', 4, accompanied(13)],
    ['U/A 16+', 5, accompanied(16)],
    ['A', 6, adults(18)],
    ['S', 7, 'Restricted to specialised audiences, such as doctors or scientists.'],
  ],
};

function expand(table: Readonly<Record<string, readonly Row[]>>): Record<string, Certification[]> {
  const out: Record<string, Certification[]> = {};
  for (const [country, rows] of Object.entries(table)) {
    out[country] = rows.map(([certification, order, meaning]) => ({ certification, meaning, order }));
  }
  return out;
}

/** The bodies of the two certification operations. */
export const tvCertificationsBody = { certifications: expand(TV_CERTIFICATIONS) };
export const movieCertificationsBody = { certifications: expand(MOVIE_CERTIFICATIONS) };
