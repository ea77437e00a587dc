/** A full disk on demand, for tests: `SITEMAP_SPLIT_FAIL_WRITE=n` fails the nth file written (children, then the index)
 * as ENOSPC does, after part of it is on disk. Unset, it never fails. */
export class WriteFaults {
  private written = 0;

  constructor(private readonly failAt = Number(process.env.SITEMAP_SPLIT_FAIL_WRITE ?? 0)) {}

  /** The error the next file's write meets, if any. */
  next(): NodeJS.ErrnoException | undefined {
    this.written++;
    if (this.written !== this.failAt) return undefined;
    return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  }
}
