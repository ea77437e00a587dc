/** Writes a shard's summary file a section per file as the files are linted (in any order), so that a shard holds no
 * summary past its file; the directory of sections and the trailer at the end. */
import * as fs from 'node:fs';
import { Failure } from '../../io/failure';
import type { Part } from '../lintArgs';
import type { LintedFile } from '../lintSite';
import { encodeSection } from './fileSection';
import { encodeHeader, MAGIC_END, SUMMARY_VERSION, TRAILER_BYTES } from './summaryFormat';

export class SummaryWriter {
  private readonly fd: number;
  private at = 0;
  private readonly sections: number[] = [];

  /** `pageFacts`: with each sitemap's entries whole, for a merge that runs the page rules. */
  constructor(private readonly file: string, shard: Part, private readonly cwd: string, private readonly pageFacts: boolean) {
    try {
      this.fd = fs.openSync(file, 'w');
    } catch (e) {
      throw new Failure(`cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
    this.write([encodeHeader({ version: SUMMARY_VERSION, shard, pageFacts })]);
  }

  add(order: number, linted: LintedFile): void {
    this.sections.push(this.at);
    this.write(encodeSection(order, linted, this.cwd, this.pageFacts));
  }

  /** The directory (each section's offset, f64) and the trailer; the file closed. */
  close(): void {
    try {
      const directory = Buffer.alloc(8 * this.sections.length);
      this.sections.forEach((at, k) => directory.writeDoubleLE(at, 8 * k));
      const trailer = Buffer.alloc(TRAILER_BYTES);
      trailer.writeDoubleLE(this.at, 0);
      trailer.writeUInt32LE(this.sections.length, 8);
      trailer.writeUInt32LE(MAGIC_END, 12);
      this.write([directory, trailer]);
    } finally {
      fs.closeSync(this.fd);
    }
  }

  private write(parts: readonly Buffer[]): void {
    try {
      for (const part of parts) {
        for (let done = 0; done < part.length;) done += fs.writeSync(this.fd, part, done);
        this.at += part.length;
      }
    } catch (e) {
      throw new Failure(`cannot write ${this.file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
  }
}
