import { ImportFileError } from './rows.js';

/** Where a value came from, for the error that names it. */
export interface CellPlace {
  readonly file: string;
  /** A CSV cell: its line and column. */
  readonly line?: number;
  readonly column?: string;
  /** A JSON value: its path (ratings[3].rating). */
  readonly path?: string;
}

const refuse = (at: CellPlace, problem: string) => new ImportFileError(at.file, problem, at.line, at.column, at.path);

/** A rating scale of an export: its range and step, and the factor to the service's 0.5..10. */
export interface RatingScale {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly toService: number;
  readonly name: string;
}

export const IMDB_SCALE: RatingScale = { min: 1, max: 10, step: 1, toService: 1, name: 'whole numbers from 1 to 10' };
// Trakt rates as IMDb does: whole numbers from 1 to 10.
export const TRAKT_SCALE: RatingScale = { ...IMDB_SCALE };
export const LETTERBOXD_SCALE: RatingScale = { min: 0.5, max: 5, step: 0.5, toService: 2, name: 'half stars from 0.5 to 5' };
export const SERVICE_SCALE: RatingScale = { min: 0.5, max: 10, step: 0.5, toService: 1, name: 'from 0.5 to 10 in steps of 0.5' };

/** A rating in the file's scale, as the service's value; anything off the scale is an error. */
export function ratingOn(scale: RatingScale, value: unknown, at: CellPlace): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const number = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  const onScale = number >= scale.min && number <= scale.max && Number.isInteger(number / scale.step);
  if (!onScale) {
    const shown = text === '' ? 'an empty rating' : `rating "${text}"`;
    throw refuse(at, `${shown} is outside the scale (${scale.name})`);
  }
  return number * scale.toService;
}

/** A four-digit year, or undefined for an empty cell; anything else is an error. */
export function yearOf(value: unknown, at: CellPlace): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  if (text === '') return undefined;
  if (!/^\d{4}$/.test(text)) throw refuse(at, `"${text}" is not a year`);
  return Number(text);
}

const IMDB_ID = /^(tt|nm)\d{7,}$/;

/** An IMDb id (tt0068646), or undefined for an empty cell; anything else is an error. */
export function imdbIdOf(value: unknown, at: CellPlace): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  if (!IMDB_ID.test(text)) throw refuse(at, `"${text}" is not an IMDb id (such as tt0068646)`);
  return text;
}

/** A TMDB id: a positive integer, or undefined when absent; anything else is an error. */
export function tmdbIdOf(value: unknown, at: CellPlace): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(id >= 1 && id <= 2_147_483_647)) throw refuse(at, `"${text}" is not a TMDB id`);
  return id;
}

/** A required text cell. */
export function textOf(value: unknown, at: CellPlace): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') throw refuse(at, 'this cell must not be empty');
  return text;
}
