/** The web worker's copy of the workspace files its site look-ups read (robots.txt, the heads of listed sitemaps), filled
 * from the client (READ_FILE_REQUEST) in the background: the Node server's synchronous reads are answered from it. */

export interface MirroredFile {
  mtimeMs: number;
  size: number;
  /** The file's first bytes as read, gunzipped when they were gzip (a head, so as far as they go). */
  head: Uint8Array;
  /** How many bytes of the file were asked for. */
  asked: number;
  /** The whole file was read and its gzip stream broke (corrupt or truncated): what came out of it is no file's text. */
  broken?: true;
  /** Its gzip stream inflated past the reader's bound: `head` is only the start of its text. */
  inflatedPast?: true;
}

/** Reads a file's first `maxBytes` (null: no such file, or it cannot be read). */
export type FileReader = (fsPath: string, maxBytes: number) => Promise<MirroredFile | null>;

/** The least asked of a file: a sitemap's sniffed head, so that a stat and the read after it are one request. */
const MIN_ASK = 4096;

export class FileMirror {
  /** Path → its copy, or null when the client said there is no such file. */
  private readonly files = new Map<string, MirroredFile | null>();
  /** Path → how much of it is being read. */
  private readonly reading = new Map<string, number>();
  /** Files that changed while being read: read again once that read is done. */
  private readonly stale = new Set<string>();
  private reader: FileReader | undefined;
  private onChanged: ((fsPaths: readonly string[]) => void) | undefined;
  private changedSoon: string[] = [];

  /** Until connected (a client that does not answer the requests), every file is missing, as for an `untitled:` one. */
  connect(reader: FileReader, onChanged: (fsPaths: readonly string[]) => void): void {
    this.reader = reader;
    this.onChanged = onChanged;
  }

  /** The file as last read; when not read yet (or not as far as `maxBytes`), undefined now and read in the background. */
  get(fsPath: string, maxBytes: number): MirroredFile | undefined {
    const file = this.files.get(fsPath);
    if (file === null) return undefined;
    if (file !== undefined && (file.asked >= maxBytes || file.size <= file.asked)) return file;
    this.read(fsPath, Math.max(maxBytes, MIN_ASK, file?.asked ?? 0));
    return undefined;
  }

  /** The file changed (a watched-file event): read again if it was, keeping the old copy until the new one comes. */
  refresh(fsPath: string): void {
    const file = this.files.get(fsPath);
    if (file === undefined) return;
    if (this.reading.has(fsPath)) this.stale.add(fsPath);
    else this.read(fsPath, file?.asked ?? MIN_ASK);
  }

  /** A file read by another part (Check Site reads every site file): kept as if read here. */
  keep(fsPath: string, file: MirroredFile): void {
    const before = this.files.get(fsPath);
    if (before !== undefined && before !== null && before.asked > file.asked) return;
    this.files.set(fsPath, file);
    if (differs(before, file)) this.changed(fsPath);
  }

  private read(fsPath: string, maxBytes: number): void {
    if (this.reader === undefined || (this.reading.get(fsPath) ?? 0) >= maxBytes) return;
    this.reading.set(fsPath, maxBytes);
    void this.reader(fsPath, maxBytes).catch(() => null).then((file) => {
      if (this.reading.get(fsPath) === maxBytes) this.reading.delete(fsPath);
      const before = this.files.get(fsPath);
      this.files.set(fsPath, file);
      if (differs(before, file)) this.changed(fsPath);
      if (this.stale.delete(fsPath)) this.read(fsPath, maxBytes);
    });
  }

  /** Says what changed once per turn: a burst of reads answered together re-checks the documents once. */
  private changed(fsPath: string): void {
    this.changedSoon.push(fsPath);
    if (this.changedSoon.length > 1) return;
    queueMicrotask(() => {
      const paths = this.changedSoon;
      this.changedSoon = [];
      this.onChanged?.(paths);
    });
  }
}

/** Whether what was answered about the file (nothing while unread or missing) may now be different. */
function differs(before: MirroredFile | null | undefined, after: MirroredFile | null): boolean {
  if (before === undefined || before === null) return after !== null;
  if (after === null) return true;
  return before.mtimeMs !== after.mtimeMs || before.size !== after.size || before.head.length !== after.head.length;
}

/** The one mirror of the web worker, read by the platform module standing for node/files.ts. */
export const fileMirror = new FileMirror();
