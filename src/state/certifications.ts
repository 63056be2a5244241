import type { CertificationEntry, Certifications } from '../contract/index.js';
import { regionName } from './regions.js';
import { patchSlice, type SliceContext } from './types.js';

export type { CertificationEntry, Certifications };

export type CertificationKind = 'tv' | 'movie';
export const certificationsKey = (kind: CertificationKind) => `certifications:${kind}`;

export interface CountryCertifications {
  readonly code: string;
  readonly name: string;
  /** Sorted by the service's `order`: the mildest first. */
  readonly certifications: readonly CertificationEntry[];
}

export interface CertificationsSlice {
  /** TV (E21) or movie certifications. */
  readonly kind: CertificationKind;
  load(force?: boolean): Promise<void>;
  setKind(kind: CertificationKind): Promise<void>;
}

/** The countries of an answer, sorted by name, each with its certifications in order. */
export function countriesOf(answer: Certifications): CountryCertifications[] {
  return Object.entries(answer.certifications)
    .map(([code, list]) => ({
      code,
      name: regionName(code),
      certifications: [...list].sort((a, b) => a.order - b.order || a.certification.localeCompare(b.certification)),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code));
}

export function createCertificationsSlice({ set, get }: SliceContext): CertificationsSlice {
  return {
    kind: 'tv',
    load(force = false) {
      const kind = get().certifications.kind;
      return get().data.fetchResource(
        certificationsKey(kind),
        (client) => client.call(kind === 'tv' ? 'tvCertifications' : 'movieCertifications', {}),
        { force },
      );
    },
    async setKind(kind) {
      patchSlice(set, 'certifications', (c) => (c.kind === kind ? {} : { kind }));
      await get().certifications.load();
    },
  };
}
