/**
 * Word lists the generator combines into invented titles, names and overviews. Only the
 * combinations are invented; the words are ordinary vocabulary.
 */

export const ADJECTIVES = [
  'Silent', 'Crimson', 'Hollow', 'Golden', 'Distant', 'Broken', 'Quiet', 'Restless', 'Northern',
  'Hidden', 'Burning', 'Frozen', 'Secret', 'Electric', 'Velvet', 'Wandering', 'Bitter', 'Gentle',
  'Last', 'First', 'Lost', 'Paper', 'Iron', 'Glass', 'Midnight', 'Summer', 'Winter', 'Savage',
  'Lonely', 'Copper', 'Scarlet', 'Pale', 'Wild', 'Salt', 'Neon', 'Amber', 'Shallow', 'Endless',
  'Borrowed', 'Sleeping', 'Shattered', 'Forgotten', 'Painted', 'Crooked', 'Stolen', 'Tender',
] as const;

export const NOUNS = [
  'Harbor', 'Orchard', 'Lantern', 'River', 'Signal', 'Garden', 'Mirror', 'Frontier', 'Engine',
  'Tide', 'Compass', 'Meadow', 'Letter', 'Station', 'Archive', 'Horizon', 'Canyon', 'Chorus',
  'Island', 'Kingdom', 'Ledger', 'Harvest', 'Voyage', 'Ember', 'Citadel', 'Circus', 'Witness',
  'Shadow', 'Promise', 'Bridge', 'Season', 'Lighthouse', 'Alibi', 'Carousel', 'Verdict', 'Atlas',
  'Furnace', 'Monsoon', 'Parade', 'Quarry', 'Sanctuary', 'Telegram', 'Undertow', 'Vineyard',
  'Wolfpack', 'Labyrinth', 'Mosaic', 'Nocturne', 'Outpost', 'Pilgrim', 'Reckoning', 'Satellite',
] as const;

export const PLACES = [
  'the North', 'Ashford', 'the Valley', 'Port Lorne', 'the Deep', 'Calder Bay', 'the Old City',
  'Mirefield', 'the Eastern Line', 'Saltmarsh', 'Kestrel Point', 'the Upper Room', 'Glenmorrow',
  'the Long Road', 'Fenwick', 'the Quiet Hills', 'Brindlewood', 'the Southern Sea', 'Harrowgate',
] as const;

export const SEQUEL_SUBTITLES = [
  'Homecoming', 'Reckoning', 'The Return', 'Aftermath', 'Legacy', 'Resurgence', 'Last Light',
  'First Blood', 'Crossroads', 'The Descent', 'Rebirth', 'Endgame', 'Origins', 'Nightfall',
] as const;

/** Always one person: the actions that follow are in the third person singular. */
export const PROTAGONISTS = [
  'A retired cartographer', 'An estranged sister', 'A young violinist', 'A disgraced detective',
  'An overworked night nurse', 'A reluctant heir', 'A small-town mechanic', 'A widowed beekeeper',
  'A teenage radio operator', 'An aging boxer', 'A ship’s cook', 'A gifted forger',
  'A lighthouse keeper', 'A childhood friend', 'A stubborn archivist', 'A traveling magician',
  'An exiled chess prodigy', 'A rookie park ranger', 'A former getaway driver', 'A lonely astronomer',
  'A rival baker', 'A soft-spoken translator', 'A struggling stand-up comic', 'A court stenographer',
] as const;

export const ACTIONS = [
  'returns to a flooded mountain town', 'inherits a crumbling seaside hotel',
  'takes a night job at an empty museum', 'agrees to guide strangers across the border',
  'discovers a map hidden in a library book', 'is hired to find a missing choir singer',
  'wakes up with no memory of the previous week', 'enters a cooking contest out of spite',
  'volunteers for a mission no one else wants', 'starts receiving letters from the future',
  'opens a repair shop on a dying high street', 'follows a stray dog into the woods',
  'takes the blame for a crime that never happened', 'builds a raft to cross a frozen lake',
  'answers a wrong number that changes everything', 'moves into an apartment above a closed cinema',
  'joins a traveling circus to escape a debt', 'tries to win back a family farm',
  'investigates a blackout that only affects one street', 'must deliver a parcel before midnight',
] as const;

export const TWISTS = [
  'where an old promise comes due', 'only to find the past refuses to stay buried',
  'and learns that every neighbor is hiding something', 'while a storm cuts the town off from the world',
  'as a rival with nothing to lose closes in', 'but the truth is stranger than any rumor',
  'and discovers that the only way out is through', 'while a secret from childhood resurfaces',
  'where no one is quite who they claim to be', 'as the clock runs out on a fragile truce',
  'and finds an unlikely ally in a sworn enemy', 'until a single photograph changes everything',
  'as loyalties are tested one lie at a time', 'and must decide what they are willing to lose',
] as const;

export const CLOSERS = [
  'Nothing about the journey goes to plan.', 'Some doors, once opened, never close.',
  'Friendship turns out to be the hardest test of all.', 'The answers lie closer to home than anyone expects.',
  'What begins as a favor becomes a reckoning.', 'Every choice has a price.',
  'Hope arrives from the least likely direction.', 'The town will never be the same.',
  'It is a story about second chances.', 'Laughter proves to be the best weapon.',
] as const;

export const TAGLINES = [
  'Some secrets refuse to sleep.', 'Every road leads somewhere.', 'The truth has a long memory.',
  'One night. No way back.', 'Home is where the trouble is.', 'Hold on to what matters.',
  'Not every hero wants the job.', 'The past is never finished.', 'Courage is contagious.',
  'Trust no one. Not even yourself.', 'Listen closely.', 'Where it ends is where it begins.',
] as const;

export const FIRST_NAMES = [
  'Maren', 'Tobin', 'Elsa', 'Idris', 'Noor', 'Caspian', 'Liora', 'Oskar', 'Rhea', 'Soren',
  'Talia', 'Bram', 'Ines', 'Jory', 'Kaia', 'Leander', 'Mira', 'Nico', 'Odile', 'Pim',
  'Quinn', 'Rafe', 'Selma', 'Teo', 'Una', 'Vero', 'Wren', 'Ximena', 'Yael', 'Zev',
  'Anouk', 'Bastian', 'Cleo', 'Dario', 'Esme', 'Felix', 'Greta', 'Hugo', 'Ilse', 'Jonah',
  'Kalle', 'Lotte', 'Matteo', 'Nadia', 'Orrin', 'Petra', 'Ronan', 'Sunniva', 'Tamsin', 'Viggo',
] as const;

const SURNAME_HEADS = [
  'Ash', 'Brack', 'Carr', 'Dun', 'Eld', 'Fair', 'Gall', 'Hart', 'Ives', 'Kell', 'Lind', 'Marl',
  'Norr', 'Oak', 'Penn', 'Quill', 'Rook', 'Sand', 'Thorn', 'Vale', 'Wick', 'Yarr',
] as const;
const SURNAME_TAILS = [
  'wood', 'more', 'by', 'ley', 'ford', 'well', 'stone', 'ton', 'berg', 'holm', 'ridge', 'vik',
  'ander', 'ett', 'ow', 'ing', 'field', 'mont', 'ard', 'sey',
] as const;

/** Surname number `combination` (0 .. SURNAME_COMBINATIONS - 1): a head and a tail syllable. */
export function surname(combination: number): string {
  const head = SURNAME_HEADS[combination % SURNAME_HEADS.length]!;
  const tail = SURNAME_TAILS[Math.floor(combination / SURNAME_HEADS.length) % SURNAME_TAILS.length]!;
  return head + tail;
}
export const SURNAME_COMBINATIONS = SURNAME_HEADS.length * SURNAME_TAILS.length;

export const TOWN_HEADS = ['North', 'Kings', 'Elder', 'Mill', 'Stone', 'Bright', 'Wester', 'Lark', 'Fen', 'Oaken'] as const;
export const TOWN_TAILS = ['haven', 'bridge', 'field', 'port', 'wick', 'ford', 'dale', 'mouth', 'stead', 'cross'] as const;

export const COMPANY_WORDS = [
  'Northwind', 'Lanternfish', 'Paper Moon', 'Blue Heron', 'Iron Gate', 'Tidewater', 'Red Kite',
  'Small Hours', 'Glasshouse', 'Brightwater', 'Quarry Lane', 'Foxglove', 'Longshot', 'Saltbox',
  'Wildflower', 'Silver Birch', 'Cobblestone', 'Harbor Light', 'Seventh Gate', 'Orchard Row',
] as const;
export const COMPANY_KINDS = ['Pictures', 'Films', 'Studios', 'Productions', 'Media', 'Entertainment'] as const;
export const NETWORK_NAMES = [
  'Channel Meridian', 'Northstar TV', 'Kestrel', 'Beacon One', 'Lumen', 'Parallax', 'Harbor TV',
  'Sundial Network', 'Cinder', 'Aurora Plus', 'Bluebell', 'Fable',
] as const;

export const KEYWORDS = [
  'small town', 'time travel', 'friendship', 'heist', 'road trip', 'coming of age', 'revenge',
  'family secrets', 'island', 'detective', 'rivalry', 'survival', 'found family', 'sibling relationship',
  'artificial intelligence', 'lighthouse', 'winter', 'musician', 'inheritance', 'conspiracy',
  'haunted house', 'sports', 'cooking', 'courtroom', 'train', 'space station', 'ocean', 'forest',
  'circus', 'amnesia', 'missing person', 'political intrigue', 'underdog', 'mentor', 'farm life',
  'high school', 'workplace comedy', 'anthology', 'based on novel or book', 'period drama',
  'dystopia', 'parallel world', 'monster', 'treasure hunt', 'chess', 'radio', 'magic', 'bakery',
  'museum', 'storm', 'mountain', 'desert', 'border', 'letters', 'photography', 'wedding',
] as const;

export const CHARACTER_ROLES = [
  'Detective', 'Nurse', 'Mayor', 'Stranger', 'Bartender', 'Ferryman', 'Teacher', 'Officer',
  'Archivist', 'Neighbor', 'Captain', 'Reporter', 'Pilot', 'Doctor', 'Landlady', 'Mechanic',
] as const;

/**
 * Original titles for a few languages: two nouns joined by the language's "and" (or "of"),
 * laid out by `template` ({a}, {and}, {b}).
 */
export const ORIGINAL_TITLE_WORDS: Readonly<Record<string, { nouns: readonly string[]; and: string; template?: string }>> = {
  fr: { and: 'et', nouns: ['La Nuit', 'Le Fleuve', 'La Forêt', 'Le Silence', 'Les Étoiles', 'La Mer', 'Le Phare', 'La Promesse', 'Le Jardin', 'La Frontière', 'Le Miroir', 'La Tempête'] },
  de: { and: 'und', nouns: ['Die Nacht', 'Der Fluss', 'Der Wald', 'Die Stille', 'Die Sterne', 'Das Meer', 'Der Leuchtturm', 'Das Versprechen', 'Der Garten', 'Die Grenze', 'Der Spiegel', 'Der Sturm'] },
  es: { and: 'y', nouns: ['La Noche', 'El Río', 'El Bosque', 'El Silencio', 'Las Estrellas', 'El Mar', 'El Faro', 'La Promesa', 'El Jardín', 'La Frontera', 'El Espejo', 'La Tormenta'] },
  it: { and: 'e', nouns: ['La Notte', 'Il Fiume', 'Il Bosco', 'Il Silenzio', 'Le Stelle', 'Il Mare', 'Il Faro', 'La Promessa', 'Il Giardino', 'La Frontiera', 'Lo Specchio', 'La Tempesta'] },
  pt: { and: 'e', nouns: ['A Noite', 'O Rio', 'A Floresta', 'O Silêncio', 'As Estrelas', 'O Mar', 'O Farol', 'A Promessa', 'O Jardim', 'A Fronteira', 'O Espelho', 'A Tempestade'] },
  sv: { and: 'och', nouns: ['Natten', 'Älven', 'Skogen', 'Tystnaden', 'Stjärnorna', 'Havet', 'Fyren', 'Löftet', 'Trädgården', 'Gränsen', 'Spegeln', 'Stormen'] },
  ja: { and: 'と', template: '{a}{and}{b}', nouns: ['夜', '川', '森', '静寂', '星', '海', '灯台', '約束', '庭', '境界', '鏡', '嵐'] },
  ko: { and: '의', template: '{a}{and} {b}', nouns: ['밤', '강', '숲', '침묵', '별', '바다', '등대', '약속', '정원', '경계', '거울', '폭풍'] },
};
