import { dateAt } from './calendar.js';
import type { MovieCore } from './movies.js';
import { stream } from './random.js';
import { movieCertification } from './release-certifications.js';

/**
 * A film's release dates in each country it is released in, with the types of the real
 * service: 1 premiere, 2 limited theatrical, 3 theatrical, 4 digital, 5 physical, 6 TV. The
 * theatrical release is on the film's release day everywhere (discover and the film lists read
 * that day); the certification is the one discover's certification filter knows for the country.
 * Every date of a film still to come is in the future: its status says it is not out yet.
 */

export const RELEASE_TYPES = { premiere: 1, limited: 2, theatrical: 3, digital: 4, physical: 5, tv: 6 } as const;

const NOTES = ['', '', '', 'Festival', 'Streaming', 'Blu-ray'] as const;

export function releaseDates(seed: number, core: MovieCore, today: number) {
  const released = core.releaseOffset <= 0;
  const at = (offset: number) => `${dateAt(today, offset)}T00:00:00.000Z`;
  const results = core.regions.map((region) => {
    const r = stream(seed, 'movie-release-dates', core.id, region.charCodeAt(0), region.charCodeAt(1));
    const certification = movieCertification(seed, core.id, region, released)?.certification ?? '';
    const entry = (type: number, offset: number, note = '') => ({
      certification, descriptors: [] as string[], iso_639_1: '', note, release_date: at(offset), type,
    });
    const dates = [];
    // A festival premiere comes 10 to 60 days before the release; a film still to come has not
    // premiered yet either (it would be out), so its premiere is no earlier than tomorrow, and
    // a film out tomorrow has no room for one.
    if (region === core.originCountry && r.chance(0.4)) {
      const lead = r.int(10, 60);
      const premiere = released ? core.releaseOffset - lead : Math.max(1, core.releaseOffset - lead);
      if (premiere < core.releaseOffset) dates.push(entry(RELEASE_TYPES.premiere, premiere, NOTES[3]));
    }
    dates.push(entry(RELEASE_TYPES.theatrical, core.releaseOffset));
    if (r.chance(0.5)) dates.push(entry(RELEASE_TYPES.digital, core.releaseOffset + r.int(30, 120), r.chance(0.5) ? NOTES[4] : ''));
    if (r.chance(0.3)) dates.push(entry(RELEASE_TYPES.physical, core.releaseOffset + r.int(90, 200), r.chance(0.5) ? NOTES[5] : ''));
    if (r.chance(0.1)) dates.push(entry(RELEASE_TYPES.tv, core.releaseOffset + r.int(300, 900)));
    return { iso_3166_1: region, release_dates: dates };
  });
  return { id: core.id, results };
}
