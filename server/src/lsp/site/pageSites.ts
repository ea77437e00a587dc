/** Where the built sites live: in the site worker when it runs (reading 50,000 pages never holds the server's thread),
 * else in this thread, their pages read a slice per turn before a check. Each site is read once per key. */
import type { BuiltSiteInfo, BuiltSiteSpec, PageCheckRequest, PageCheckResult } from '../../node/builtSite/builtSiteStore';
import { BuiltSiteStore } from '../../node/builtSite/builtSiteStore';
import { askStore, unpacked, type PageAnswer, type PageQuestion, type PageWireFile } from '../../node/builtSite/pageWorkerMessages';
import type { KnownFile } from '../../node/siteProblems';
import type { SiteWorker } from './siteWorker';

export class PageSites {
  /** The sites read (or being read), by key, and where. */
  private readonly sites = new Map<string, { spec: BuiltSiteSpec; info: Promise<BuiltSiteInfo>; inWorker: boolean }>();
  private local: BuiltSiteStore | undefined;

  constructor(private readonly worker: SiteWorker, private readonly known: (path: string) => KnownFile | undefined) {
    worker.onSitesLost = () => {
      for (const [key, site] of this.sites) if (site.inWorker) this.sites.delete(key);
    };
  }

  /** The site of `key`, read unless held; undefined when it could not be read. */
  async ensure(key: string, spec: BuiltSiteSpec): Promise<BuiltSiteInfo | undefined> {
    let site = this.sites.get(key);
    if (site === undefined) {
      const inWorker = this.worker.available;
      const info = inWorker
        ? this.worker.readSite(key, spec).catch(() => this.readHere(key, spec))
        : this.readHere(key, spec);
      site = { spec, info, inWorker };
      this.sites.set(key, site);
    }
    try {
      return await site.info;
    } catch {
      if (this.sites.get(key) === site) this.sites.delete(key);
      return undefined;
    }
  }

  /** Whether the site of `key` has been read (the hover asks only then: it never waits for a read). */
  isRead(key: string): boolean {
    return this.sites.has(key);
  }

  /** Forgets the sites `which` picks: read again at the next pass. */
  forget(which: (spec: BuiltSiteSpec, key: string) => boolean): void {
    for (const [key, site] of [...this.sites]) {
      if (!which(site.spec, key)) continue;
      this.sites.delete(key);
      if (site.inWorker) this.worker.forgetSite(key);
      else this.local?.forget(key);
    }
  }

  get specs(): BuiltSiteSpec[] {
    return [...this.sites.values()].map((s) => s.spec);
  }

  /** The page rules over `files` (closed ones by path when the worker holds them); undefined when the worker stopped. */
  async check(request: Omit<PageCheckRequest, 'files'>, files: PageWireFile[]): Promise<PageCheckResult | undefined> {
    if (this.inWorker(request.keys)) {
      try {
        return await this.worker.checkPages({ request, files });
      } catch {
        return undefined;
      }
    }
    const local = this.localStore();
    await local.prepare(request.keys);
    return local.check({ ...request, files: files.map(unpacked) }, this.known);
  }

  /** A question about the pages (hover, commands), where the sites are. */
  async ask(question: PageQuestion, keys: readonly string[]): Promise<PageAnswer> {
    if (this.inWorker(keys)) return this.worker.askPages(question);
    return askStore(this.localStore(), question, this.known);
  }

  private inWorker(keys: readonly string[]): boolean {
    return keys.some((key) => this.sites.get(key)?.inWorker === true);
  }

  private readHere(key: string, spec: BuiltSiteSpec): Promise<BuiltSiteInfo> {
    const site = this.sites.get(key);
    if (site !== undefined) site.inWorker = false;
    return this.localStore().read(key, spec);
  }

  private localStore(): BuiltSiteStore {
    return (this.local ??= new BuiltSiteStore());
  }
}
