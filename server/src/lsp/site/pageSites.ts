/** Where the built sites live: in the site worker when it runs (reading 50,000 pages never holds the server's thread),
 * else in this thread, their pages read a slice per turn before a check. Each site is read once per key. */
import type { BuiltSiteInfo, BuiltSiteSpec, PageCheckRequest, PageCheckResult } from '../../node/builtSite/builtSiteStore';
import { BuiltSiteStore } from '../../node/builtSite/builtSiteStore';
import { askStore, unpacked, type PageAnswer, type PageQuestion, type PageWireFile } from '../../node/builtSite/pageWorkerMessages';
import type { KnownFile } from '../../node/siteProblems';
import type { SiteWorker } from './siteWorker';
import { stampTiming } from '../timingLog';

interface Site {
  spec: BuiltSiteSpec;
  /** Once git's history is read too; asked for on the first `ensure` (after the first check: infoOf). */
  info?: Promise<BuiltSiteInfo>;
  /** Once the folder is walked, before git's history (BuiltSiteStore.read's `early`). */
  early: Promise<BuiltSiteInfo>;
  /** Whether `info` has come. */
  complete: boolean;
  inWorker: boolean;
}

export class PageSites {
  /** The sites read (or being read), by key, and where. */
  private readonly sites = new Map<string, Site>();
  private local: BuiltSiteStore | undefined;
  /** Counts the changes of what the sites say (read, completed by git, forgotten, lost): answers kept from before are stale. */
  generation = 0;

  constructor(private readonly worker: SiteWorker, private readonly known: (path: string) => KnownFile | undefined) {
    worker.onSitesLost = () => {
      for (const [key, site] of this.sites) if (site.inWorker) this.sites.delete(key);
      this.generation++;
    };
  }

  /** The site of `key` with git's history, read unless held; undefined when it could not be read. */
  ensure(key: string, spec: BuiltSiteSpec): Promise<BuiltSiteInfo | undefined> {
    const site = this.siteOf(key, spec);
    return this.settled(key, site, this.infoOf(key, site));
  }

  /**
   * The same, as soon as the folder is walked, git's history not asked for: git's processes start only once `ensure`
   * asks (after the page rules' first check), so that they do not slow the walk and that check on a busy machine.
   */
  ensureEarly(key: string, spec: BuiltSiteSpec): Promise<BuiltSiteInfo | undefined> {
    const site = this.siteOf(key, spec);
    return this.settled(key, site, site.early);
  }

  /** Whether the site of `key` is read with git's history (or needs none). */
  isComplete(key: string): boolean {
    return this.sites.get(key)?.complete === true;
  }

  private siteOf(key: string, spec: BuiltSiteSpec): Site {
    let site = this.sites.get(key);
    if (site !== undefined) return site;
    const inWorker = this.worker.available;
    const early = inWorker ? this.worker.readSite(key, spec, true).catch(() => this.readHere(key, spec, true)) : this.readHere(key, spec, true);
    const made: Site = { spec, early, complete: false, inWorker };
    this.sites.set(key, made);
    this.generation++;
    return made;
  }

  /** The site with git's history, asked for once, where the site is read (the worker, or here if it failed). */
  private infoOf(key: string, site: Site): Promise<BuiltSiteInfo> {
    if (site.info !== undefined) return site.info;
    const { spec } = site;
    stampTiming('historyAsked');
    const info = site.inWorker ? this.worker.readSite(key, spec).catch(() => this.readHere(key, spec)) : this.readHere(key, spec);
    site.info = info;
    info.then(() => {
      site.complete = true;
      if (this.sites.get(key) === site) this.generation++;
    }, () => undefined);
    return info;
  }

  private async settled(key: string, site: Site, read: Promise<BuiltSiteInfo>): Promise<BuiltSiteInfo | undefined> {
    try {
      return await read;
    } catch {
      if (this.sites.get(key) === site) this.sites.delete(key);
      return undefined;
    }
  }

  /** Whether the site of `key` has been read or is being read (the hover asks only then: it never starts a read). */
  isRead(key: string): boolean {
    return this.sites.has(key);
  }

  /** Forgets the sites `which` picks: read again at the next pass. */
  forget(which: (spec: BuiltSiteSpec, key: string) => boolean): void {
    for (const [key, site] of [...this.sites]) {
      if (!which(site.spec, key)) continue;
      this.generation++;
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
    const result = await this.checkWhere(request, files);
    stampTiming('pagesChecked');
    return result;
  }

  private async checkWhere(request: Omit<PageCheckRequest, 'files'>, files: PageWireFile[]): Promise<PageCheckResult | undefined> {
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

  private readHere(key: string, spec: BuiltSiteSpec, early = false): Promise<BuiltSiteInfo> {
    const site = this.sites.get(key);
    if (site !== undefined) site.inWorker = false;
    return this.localStore().read(key, spec, early);
  }

  private localStore(): BuiltSiteStore {
    return (this.local ??= new BuiltSiteStore());
  }
}
