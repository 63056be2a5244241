import { describe, expect, it } from 'vitest';
import { ImportProgress } from '../../src/commands/import-progress.js';

describe('import progress', () => {
  it('without a terminal writes one line, when the writing is done, whatever the number of rows', () => {
    let written = '';
    const progress = new ImportProgress({ write: (text: string) => ((written += text), true) } as unknown as NodeJS.WritableStream);
    progress.start(40, 'matching');
    for (let done = 1; done <= 40; done++) progress.update(done);
    progress.start(40, 'importing');
    for (let done = 1; done <= 40; done++) progress.update(done);
    progress.stop();
    expect(written).toBe('marquee import: importing 40/40 rows\n');
  });
});
