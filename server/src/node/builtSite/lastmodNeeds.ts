/** sitemap-lint's `<lastmod>`s handed to the git history of its site roots (GitHistoryOptions' contentBounds): per page
 * file, what its entries need (widestNeed), once the sitemaps are linted and every root walked, each URL resolved to
 * the files that may serve it as the page rules will resolve it. The history reads no further back than that. */
import { widestNeed, type LastmodSpan } from '../../language/languageService';

/** The files (absolute) a root may judge a URL's `<lastmod>` by: none for a URL outside it. */
export type LastmodFiles = (url: string) => readonly string[];

export class LastmodNeeds {
  private readonly roots: LastmodFiles[] = [];
  private rootsLeft: number;
  private allWalked: () => void = () => undefined;
  /** Per file (absolute): the widestNeed of the `<lastmod>`s of the URLs it may serve. */
  readonly byFile: Promise<ReadonlyMap<string, LastmodSpan>>;

  /** `byUrl`: lastmodNeedsByUrl of every linted file, once all are; `roots`: how many roots will addRoot. */
  constructor(byUrl: Promise<ReadonlyMap<string, LastmodSpan>>, roots: number) {
    this.rootsLeft = roots;
    const walked = new Promise<void>((resolve) => (this.allWalked = resolve));
    if (roots === 0) this.allWalked();
    this.byFile = Promise.all([byUrl, walked]).then(([urls]) => this.filesOf(urls));
  }

  /** Once per root, when its folder is walked (or could not be: then with no files). */
  addRoot(filesOf: LastmodFiles): void {
    this.roots.push(filesOf);
    if (--this.rootsLeft === 0) this.allWalked();
  }

  private filesOf(urls: ReadonlyMap<string, LastmodSpan>): Map<string, LastmodSpan> {
    const byFile = new Map<string, LastmodSpan>();
    for (const [url, need] of urls) {
      for (const filesOf of this.roots) {
        for (const file of filesOf(url)) {
          const known = byFile.get(file);
          byFile.set(file, known === undefined ? need : widestNeed(known, need));
        }
      }
    }
    return byFile;
  }
}
