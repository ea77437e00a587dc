/** sitemap-lint's working-file digests (node/git/partsDigest.ts), handed from the page workers, which read every page
 * anyway, to the git history of its site roots (GitHistoryOptions' workingDigests): each root adds its own once its
 * pages are read, and the history takes them once every root has. */

/** Per working file (absolute): its partsDigest. */
export type DigestLookup = (file: string) => string | undefined;

export class WorkingDigests {
  private readonly digests = new Map<string, string>();
  private rootsLeft: number;
  private allRead: () => void = () => undefined;
  readonly byFile: Promise<DigestLookup>;

  /** `roots`: how many roots will addRoot. */
  constructor(roots: number) {
    this.rootsLeft = roots;
    this.byFile = new Promise((resolve) => (this.allRead = () => resolve((file) => this.digests.get(file))));
    if (roots === 0) this.allRead();
  }

  /** Once per root, when its pages are read (with none when no worker read them). */
  addRoot(digests: Iterable<[string, string]>): void {
    for (const [file, digest] of digests) this.digests.set(file, digest);
    if (--this.rootsLeft === 0) this.allRead();
  }
}
