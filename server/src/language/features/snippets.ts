/** The snippets completion offers where they fit: whole files only in an empty document, entries where an entry may
 * go, extension blocks inside a `<url>`. The server resolves the date variables, so every client inserts the same text. */
import { IMAGE_NAMESPACE, NEWS_NAMESPACE, VIDEO_NAMESPACE, XHTML_NAMESPACE } from './vocabulary';

/** Where a snippet may go: an empty document, the content of a `<urlset>` or a `<sitemapindex>`, a `<url>`. */
export type SnippetPlace = 'document' | 'urlset' | 'sitemapindex' | 'url';

export interface SitemapSnippet {
  /** What the user types: the label of whole files and `url-full`; entries and extensions are labelled by element. */
  prefix: string;
  name: string;
  /** Markdown. */
  description: string;
  place: SnippetPlace;
  /** Extension blocks: the namespace their (conventional) prefix stands for. */
  namespace?: string;
  body: readonly string[];
}

export const SNIPPETS: readonly SitemapSnippet[] = [
  {
    prefix: 'urlset', name: 'Sitemap', place: 'document',
    description: 'A complete sitemap: the XML declaration and a `<urlset>` with one `<url>`.',
    body: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      '\t<url>',
      '\t\t<loc>${1:https://www.example.com/}</loc>',
      '\t\t<lastmod>${2:$CURRENT_YEAR-$CURRENT_MONTH-$CURRENT_DATE}</lastmod>',
      '\t</url>$0',
      '</urlset>',
      '',
    ],
  },
  {
    prefix: 'urlset-xsd', name: 'Sitemap (schema-validatable)', place: 'document',
    description: 'A complete sitemap that names its XML schema (`xsi:schemaLocation` → sitemap.xsd), for `xmllint --schema` and other validators.',
    body: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"',
      '\txmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
      '\txsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd">',
      '\t<url>',
      '\t\t<loc>${1:https://www.example.com/}</loc>',
      '\t\t<lastmod>${2:$CURRENT_YEAR-$CURRENT_MONTH-$CURRENT_DATE}</lastmod>',
      '\t</url>$0',
      '</urlset>',
      '',
    ],
  },
  {
    prefix: 'urlset-extensions', name: 'Sitemap with Google extensions', place: 'document',
    description: "A complete sitemap declaring Google's image, video and news namespaces and xhtml (for hreflang links).",
    body: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"',
      '\txmlns:image="http://www.google.com/schemas/sitemap-image/1.1"',
      '\txmlns:video="http://www.google.com/schemas/sitemap-video/1.1"',
      '\txmlns:news="http://www.google.com/schemas/sitemap-news/0.9"',
      '\txmlns:xhtml="http://www.w3.org/1999/xhtml">',
      '\t<url>',
      '\t\t<loc>${1:https://www.example.com/}</loc>',
      '\t\t<lastmod>${2:$CURRENT_YEAR-$CURRENT_MONTH-$CURRENT_DATE}</lastmod>',
      '\t</url>$0',
      '</urlset>',
      '',
    ],
  },
  {
    prefix: 'urlset-image', name: 'Image sitemap', place: 'document',
    description: 'A complete image sitemap: `xmlns:image` on the root, a `<url>` with one `<image:image>`.',
    body: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
      '\t<url>',
      '\t\t<loc>${1:https://www.example.com/}</loc>',
      '\t\t<image:image>',
      '\t\t\t<image:loc>${2:https://www.example.com/images/photo.jpg}</image:loc>',
      '\t\t</image:image>',
      '\t</url>$0',
      '</urlset>',
      '',
    ],
  },
  {
    prefix: 'urlset-video', name: 'Video sitemap', place: 'document',
    description: 'A complete video sitemap: `xmlns:video` on the root, a `<url>` with one `<video:video>` and its required children.',
    body: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">',
      '\t<url>',
      '\t\t<loc>${1:https://www.example.com/}</loc>',
      '\t\t<video:video>',
      '\t\t\t<video:thumbnail_loc>${2:https://www.example.com/thumbnails/video.jpg}</video:thumbnail_loc>',
      '\t\t\t<video:title>${3:Video title}</video:title>',
      '\t\t\t<video:description>${4:What the video shows}</video:description>',
      '\t\t\t<video:${5|content_loc,player_loc|}>${6:https://www.example.com/videos/video.mp4}</video:$5>',
      '\t\t</video:video>',
      '\t</url>$0',
      '</urlset>',
      '',
    ],
  },
  {
    prefix: 'urlset-news', name: 'News sitemap', place: 'document',
    description: 'A complete news sitemap: `xmlns:news` on the root, a `<url>` with one `<news:news>` and its required children.',
    body: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">',
      '\t<url>',
      '\t\t<loc>${1:https://www.example.com/}</loc>',
      '\t\t<news:news>',
      '\t\t\t<news:publication>',
      '\t\t\t\t<news:name>${2:Publication name}</news:name>',
      '\t\t\t\t<news:language>${3:en}</news:language>',
      '\t\t\t</news:publication>',
      '\t\t\t<news:publication_date>${4:$CURRENT_YEAR-$CURRENT_MONTH-$CURRENT_DATE}</news:publication_date>',
      '\t\t\t<news:title>${5:Article title}</news:title>',
      '\t\t</news:news>',
      '\t</url>$0',
      '</urlset>',
      '',
    ],
  },
  {
    prefix: 'urlset-hreflang', name: 'Sitemap with hreflang alternates', place: 'document',
    description: 'A complete sitemap with language alternates: `xmlns:xhtml` on the root, a `<url>` listing itself and one alternate as `<xhtml:link rel="alternate">`.',
    body: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      '\t<url>',
      '\t\t<loc>${1:https://www.example.com/en/}</loc>',
      '\t\t<xhtml:link rel="alternate" hreflang="${2:en}" href="$1"/>',
      '\t\t<xhtml:link rel="alternate" hreflang="${3:de}" href="${4:https://www.example.com/de/}"/>',
      '\t</url>$0',
      '</urlset>',
      '',
    ],
  },
  {
    prefix: 'sitemapindex', name: 'Sitemap index', place: 'document',
    description: 'A complete sitemap index: the XML declaration and a `<sitemapindex>` with one `<sitemap>`.',
    body: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      '\t<sitemap>',
      '\t\t<loc>${1:https://www.example.com/sitemap-1.xml}</loc>',
      '\t\t<lastmod>${2:$CURRENT_YEAR-$CURRENT_MONTH-$CURRENT_DATE}</lastmod>',
      '\t</sitemap>$0',
      '</sitemapindex>',
      '',
    ],
  },
  {
    prefix: 'sitemapindex-xsd', name: 'Sitemap index (schema-validatable)', place: 'document',
    description: 'A complete sitemap index that names its XML schema (`xsi:schemaLocation` → siteindex.xsd), for `xmllint --schema` and other validators.',
    body: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"',
      '\txmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
      '\txsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/siteindex.xsd">',
      '\t<sitemap>',
      '\t\t<loc>${1:https://www.example.com/sitemap-1.xml}</loc>',
      '\t\t<lastmod>${2:$CURRENT_YEAR-$CURRENT_MONTH-$CURRENT_DATE}</lastmod>',
      '\t</sitemap>$0',
      '</sitemapindex>',
      '',
    ],
  },
  {
    prefix: 'url', name: 'URL entry', place: 'urlset',
    description: "A `<url>` entry with its `<loc>` and today's `<lastmod>`.",
    body: [
      '<url>',
      '\t<loc>${1:https://www.example.com/}</loc>',
      '\t<lastmod>$CURRENT_YEAR-$CURRENT_MONTH-$CURRENT_DATE</lastmod>',
      '</url>$0',
    ],
  },
  {
    prefix: 'url-full', name: 'URL entry with all tags', place: 'urlset',
    description: 'A `<url>` entry with `<loc>`, `<lastmod>`, `<changefreq>` and `<priority>`, in schema order.',
    body: [
      '<url>',
      '\t<loc>${1:https://www.example.com/}</loc>',
      '\t<lastmod>${2:$CURRENT_YEAR-$CURRENT_MONTH-$CURRENT_DATE}</lastmod>',
      '\t<changefreq>${3|daily,weekly,monthly,yearly,hourly,always,never|}</changefreq>',
      '\t<priority>${4|0.5,1.0,0.9,0.8,0.7,0.6,0.4,0.3,0.2,0.1,0.0|}</priority>',
      '</url>$0',
    ],
  },
  {
    prefix: 'sitemap', name: 'Sitemap entry', place: 'sitemapindex',
    description: "A `<sitemap>` entry with its `<loc>` and today's `<lastmod>`.",
    body: [
      '<sitemap>',
      '\t<loc>${1:https://www.example.com/sitemap-1.xml}</loc>',
      '\t<lastmod>$CURRENT_YEAR-$CURRENT_MONTH-$CURRENT_DATE</lastmod>',
      '</sitemap>$0',
    ],
  },
  {
    prefix: 'image', name: 'Image', place: 'url', namespace: IMAGE_NAMESPACE,
    description: "Google's image extension: `<image:image>` with `<image:loc>`.",
    body: [
      '<image:image>',
      '\t<image:loc>${1:https://www.example.com/images/photo.jpg}</image:loc>',
      '</image:image>$0',
    ],
  },
  {
    prefix: 'video', name: 'Video', place: 'url', namespace: VIDEO_NAMESPACE,
    description: "Google's video extension: `<video:video>` with its required thumbnail_loc, title, description and content_loc or player_loc.",
    body: [
      '<video:video>',
      '\t<video:thumbnail_loc>${1:https://www.example.com/thumbnails/video.jpg}</video:thumbnail_loc>',
      '\t<video:title>${2:Video title}</video:title>',
      '\t<video:description>${3:What the video shows}</video:description>',
      '\t<video:${4|content_loc,player_loc|}>${5:https://www.example.com/videos/video.mp4}</video:$4>',
      '</video:video>$0',
    ],
  },
  {
    prefix: 'news', name: 'News', place: 'url', namespace: NEWS_NAMESPACE,
    description: "Google's news extension: `<news:news>` with publication (name, language), publication_date and title.",
    body: [
      '<news:news>',
      '\t<news:publication>',
      '\t\t<news:name>${1:Publication name}</news:name>',
      '\t\t<news:language>${2:en}</news:language>',
      '\t</news:publication>',
      '\t<news:publication_date>${3:$CURRENT_YEAR-$CURRENT_MONTH-$CURRENT_DATE}</news:publication_date>',
      '\t<news:title>${4:Article title}</news:title>',
      '</news:news>$0',
    ],
  },
  {
    prefix: 'hreflang', name: 'hreflang alternates', place: 'url', namespace: XHTML_NAMESPACE,
    description: 'The language versions of this page, itself included: `<xhtml:link rel="alternate" hreflang="…" href="…"/>` for the page and for one alternate.',
    // The server fills in the variables from the entry (completion.ts, pageLinks): the self link's href is its <loc>.
    body: [
      '<xhtml:link rel="alternate" hreflang="${1:${PAGE_HREFLANG:en}}" href="${PAGE_URL:https://www.example.com/}"/>',
      '<xhtml:link rel="alternate" hreflang="${2:${ALTERNATE_HREFLANG:de}}" href="${3:${ALTERNATE_URL:https://www.example.com/de/}}"/>$0',
    ],
  },
];
