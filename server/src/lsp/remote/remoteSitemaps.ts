/** The sitemaps the client opened from their URL (`sitemap-url:` documents, Sitemap: Open from URL…): where each one's
 * text came from, which is its document's location. */
import { remoteUrlOf } from '../../../../shared/remoteUri';

export class RemoteSitemaps {
  /** URL asked → where the answer came from, after its redirects. */
  private readonly locations = new Map<string, string>();

  /** Says where `url`'s text came from (the last hop of its redirects). */
  read(url: string, location: string): void {
    this.locations.set(url, location);
  }

  /** The location of a `sitemap-url:` document: where its text came from, else its URL; undefined for any other URI. */
  locationOf(uri: string): string | undefined {
    const url = remoteUrlOf(uri);
    return url === undefined ? undefined : this.locations.get(url) ?? url;
  }
}
