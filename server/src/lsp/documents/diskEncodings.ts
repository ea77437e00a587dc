/** The encodings of open documents' files as their bytes say, where the text the client sent cannot tell: a UTF-16
 * file reaches the server decoded, its mark dropped (issue 33, hst-lhs-008). Read on open and on save, by the Node
 * server only (the web worker reads no file for this); a change validates the document again, so that it gets the
 * `encoding` problem sitemap-lint reports, at the same place. */
import type { FileEncoding } from '../../../../shared/fileEncoding';
import type { OpenDocument } from './documentStore';

export type EncodingReader = (fsPath: string) => Promise<FileEncoding | undefined>;

export class DiskEncodings {
  private readonly byUri = new Map<string, FileEncoding>();
  /** The latest read per document: an older one that ends later is dropped. */
  private readonly reads = new Map<string, number>();
  private nextRead = 0;

  constructor(private readonly read: EncodingReader, private readonly changed: (uri: string) => void) {}

  of(uri: string): FileEncoding | undefined {
    return this.byUri.get(uri);
  }

  /** Opened or saved: the file's first bytes are read again. */
  readFor(entry: OpenDocument): void {
    // A file's document only: `sitemap-gz:` documents are the inflated text of a gzip file.
    if (entry.fsPath === undefined || !entry.uri.startsWith('file:')) return;
    const read = ++this.nextRead;
    this.reads.set(entry.uri, read);
    void this.read(entry.fsPath).then((encoding) => {
      if (this.reads.get(entry.uri) !== read) return;
      this.reads.delete(entry.uri);
      if (sameEncoding(this.byUri.get(entry.uri), encoding)) return;
      if (encoding === undefined) this.byUri.delete(entry.uri);
      else this.byUri.set(entry.uri, encoding);
      this.changed(entry.uri);
    });
  }

  closed(uri: string): void {
    this.byUri.delete(uri);
    this.reads.delete(uri);
  }
}

function sameEncoding(a: FileEncoding | undefined, b: FileEncoding | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
