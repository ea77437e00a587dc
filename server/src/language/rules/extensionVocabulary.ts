/** The elements of the sitemap extensions: where each may stand, what value it holds, which are required, limited or
 * deprecated. The parser's checks, completion and hover all read this one table. */
import type { ExtensionNamespace } from './extensionNamespaces';

export type ExtensionName = ExtensionNamespace['name'];

/** What an element's text holds, and so how it is checked. */
export const enum ValueKind {
  /** A container, or text nobody checks. */
  None,
  /** An absolute URL (`invalid-url`, `url-too-long`). */
  Url,
  /** Plain text: checked for length only where a limit is given. */
  Text,
  /** A W3C Datetime with at least the full date (the news XSD). */
  FullDate,
  /** A full date, or a full date with hours, minutes, seconds and zone (the video XSD and Google's video docs). */
  DateOrSeconds,
  /** `yes` or `no`: all lower case, all upper case or capitalised (the video XSD's tYesNo). */
  YesNo,
  /** Whole seconds, 1 to 28,800. */
  Duration,
  /** A decimal from 0.0 to 5.0. */
  Rating,
  /** A non-negative whole number. */
  Count,
  /** Space-separated ISO 3166-1 alpha-2 codes. */
  Countries,
  /** Space-separated `web`, `mobile`, `tv`. */
  Platforms,
  /** An ISO 639 code, or `zh-cn`/`zh-tw`. */
  NewsLanguage,
}

export interface ExtensionElement {
  extension: ExtensionName;
  /** Local name. */
  name: string;
  /** Local name of the parent in the same extension; undefined for a child of `<url>`. */
  parent: string | undefined;
  value: ValueKind;
  /** Required in its parent. */
  required?: boolean;
  /** Most occurrences allowed in one parent (one `<url>` for top-level elements). */
  max?: number;
  /** The most characters the value may have. */
  maxLength?: number;
  /** Ignored by search engines since 2022. */
  deprecated?: boolean;
  /** Attributes, by name: allowed values when they are an enumeration, else an empty list. */
  attributes?: Readonly<Record<string, readonly string[]>>;
  /** What it is, for hover and completion. */
  summary: string;
}

export const MAX_IMAGES_PER_ENTRY = 1000;
export const MAX_NEWS_ENTRIES = 1000;
export const MAX_VIDEO_TAGS = 32;
export const MAX_VIDEO_DESCRIPTION = 2048;
export const VIDEO_PLATFORMS: readonly string[] = ['web', 'mobile', 'tv'];
export const RELATIONSHIPS: readonly string[] = ['allow', 'deny'];
/** What completion offers. */
export const YES_NO: readonly string[] = ['yes', 'no'];
/** What the video XSD's tYesNo accepts: `yEs` is not among them. */
export const YES_NO_FORMS: readonly string[] = ['yes', 'Yes', 'YES', 'no', 'No', 'NO'];

const RELATIONSHIP = { relationship: RELATIONSHIPS };

/** Each extension's elements, parents before children and children in the order their schema gives. */
export const EXTENSION_ELEMENTS: readonly ExtensionElement[] = [
  { extension: 'image', name: 'image', parent: undefined, value: ValueKind.None, max: MAX_IMAGES_PER_ENTRY, summary: 'An image on the page (up to 1,000 per <url>).' },
  { extension: 'image', name: 'loc', parent: 'image', value: ValueKind.Url, required: true, max: 1, summary: 'The URL of the image; it may be on another host, such as a CDN.' },
  { extension: 'image', name: 'caption', parent: 'image', value: ValueKind.Text, deprecated: true, max: 1, summary: 'The image\'s caption.' },
  { extension: 'image', name: 'geo_location', parent: 'image', value: ValueKind.Text, deprecated: true, max: 1, summary: 'Where the image was taken.' },
  { extension: 'image', name: 'title', parent: 'image', value: ValueKind.Text, deprecated: true, max: 1, summary: 'The image\'s title.' },
  { extension: 'image', name: 'license', parent: 'image', value: ValueKind.Text, deprecated: true, max: 1, summary: 'A URL to the image\'s license.' },

  { extension: 'video', name: 'video', parent: undefined, value: ValueKind.None, summary: 'A video on the page.' },
  { extension: 'video', name: 'thumbnail_loc', parent: 'video', value: ValueKind.Url, required: true, max: 1, summary: 'The URL of the video\'s thumbnail image.' },
  { extension: 'video', name: 'title', parent: 'video', value: ValueKind.Text, required: true, max: 1, summary: 'The video\'s title.' },
  { extension: 'video', name: 'description', parent: 'video', value: ValueKind.Text, required: true, max: 1, maxLength: MAX_VIDEO_DESCRIPTION, summary: 'The video\'s description, at most 2,048 characters.' },
  { extension: 'video', name: 'content_loc', parent: 'video', value: ValueKind.Url, max: 1, summary: 'The URL of the video file itself (not the page\'s URL); this or player_loc is required.' },
  { extension: 'video', name: 'player_loc', parent: 'video', value: ValueKind.Url, max: 1, summary: 'The URL of a player for the video; this or content_loc is required.' },
  { extension: 'video', name: 'duration', parent: 'video', value: ValueKind.Duration, max: 1, summary: 'The length in whole seconds, 1 to 28,800 (8 hours).' },
  { extension: 'video', name: 'expiration_date', parent: 'video', value: ValueKind.DateOrSeconds, max: 1, summary: 'When the video stops being available: a full date, or date and time with seconds and zone (W3C Datetime).' },
  { extension: 'video', name: 'rating', parent: 'video', value: ValueKind.Rating, max: 1, summary: 'The rating, a number from 0.0 to 5.0.' },
  { extension: 'video', name: 'view_count', parent: 'video', value: ValueKind.Count, max: 1, summary: 'How many times the video has been viewed.' },
  { extension: 'video', name: 'publication_date', parent: 'video', value: ValueKind.DateOrSeconds, max: 1, summary: 'When the video was first published: a full date, or date and time with seconds and zone (W3C Datetime).' },
  { extension: 'video', name: 'family_friendly', parent: 'video', value: ValueKind.YesNo, max: 1, summary: '`no` when the video should be shown only with SafeSearch off.' },
  { extension: 'video', name: 'restriction', parent: 'video', value: ValueKind.Countries, max: 1, attributes: RELATIONSHIP, summary: 'Countries (ISO 3166-1 alpha-2 codes, space-separated) where the video may (`allow`) or may not (`deny`) be shown.' },
  { extension: 'video', name: 'platform', parent: 'video', value: ValueKind.Platforms, max: 1, attributes: RELATIONSHIP, summary: 'Platforms (`web`, `mobile`, `tv`, space-separated) where the video may (`allow`) or may not (`deny`) be shown.' },
  { extension: 'video', name: 'price', parent: 'video', value: ValueKind.None, deprecated: true, attributes: { currency: [], type: ['rent', 'own'], resolution: ['hd', 'sd'] }, summary: 'The price to view the video.' },
  { extension: 'video', name: 'requires_subscription', parent: 'video', value: ValueKind.YesNo, max: 1, summary: 'Whether a subscription is needed to view the video.' },
  { extension: 'video', name: 'uploader', parent: 'video', value: ValueKind.Text, max: 1, attributes: { info: [] }, summary: 'Who uploaded the video.' },
  { extension: 'video', name: 'live', parent: 'video', value: ValueKind.YesNo, max: 1, summary: 'Whether the video is a live stream.' },
  { extension: 'video', name: 'tag', parent: 'video', value: ValueKind.Text, max: MAX_VIDEO_TAGS, summary: 'A tag describing the video (up to 32).' },
  { extension: 'video', name: 'category', parent: 'video', value: ValueKind.Text, deprecated: true, max: 1, summary: 'The video\'s category.' },
  { extension: 'video', name: 'tvshow', parent: 'video', value: ValueKind.None, deprecated: true, max: 1, summary: 'The TV show the video belongs to.' },
  { extension: 'video', name: 'gallery_loc', parent: 'video', value: ValueKind.None, deprecated: true, max: 1, summary: 'A gallery the video belongs to.' },
  // In Google's video XSD, gone from its documentation: valid, and ignored.
  { extension: 'video', name: 'content_segment_loc', parent: 'video', value: ValueKind.None, deprecated: true, attributes: { duration: [] }, summary: 'One clip of a video published as a series of clips.' },
  { extension: 'video', name: 'id', parent: 'video', value: ValueKind.None, deprecated: true, attributes: { type: ['tms:series', 'tms:program', 'rovi:series', 'rovi:program', 'freebase', 'url'] }, summary: 'An identifier of the video in a given context (`type`).' },

  { extension: 'news', name: 'news', parent: undefined, value: ValueKind.None, max: 1, summary: 'A news article (only articles from the last two days; at most 1,000 per sitemap).' },
  { extension: 'news', name: 'publication', parent: 'news', value: ValueKind.None, required: true, max: 1, summary: 'The publication the article appears in.' },
  { extension: 'news', name: 'name', parent: 'publication', value: ValueKind.Text, required: true, max: 1, summary: 'The publication\'s name, exactly as it appears on its articles.' },
  { extension: 'news', name: 'language', parent: 'publication', value: ValueKind.NewsLanguage, required: true, max: 1, summary: 'The publication\'s language: an ISO 639 code (`zh-cn` or `zh-tw` for Chinese).' },
  { extension: 'news', name: 'publication_date', parent: 'news', value: ValueKind.FullDate, required: true, max: 1, summary: 'When the article was published (W3C Datetime, at least the full date).' },
  { extension: 'news', name: 'title', parent: 'news', value: ValueKind.Text, required: true, max: 1, summary: 'The article\'s title.' },
  { extension: 'news', name: 'keywords', parent: 'news', value: ValueKind.Text, deprecated: true, max: 1, summary: 'Keywords of the article.' },
  { extension: 'news', name: 'stock_tickers', parent: 'news', value: ValueKind.Text, deprecated: true, max: 1, summary: 'Stock tickers the article is about.' },
  { extension: 'news', name: 'genres', parent: 'news', value: ValueKind.Text, deprecated: true, max: 1, summary: 'The article\'s genres.' },
  { extension: 'news', name: 'access', parent: 'news', value: ValueKind.Text, deprecated: true, max: 1, summary: 'Whether access is by subscription or registration.' },

  { extension: 'xhtml', name: 'link', parent: undefined, value: ValueKind.None, attributes: { rel: ['alternate'], hreflang: [], href: [] }, summary: 'A language or regional version of the page: rel="alternate", its hreflang code and its absolute URL.' },
];

/**
 * Extension → parent ('' for `<url>`) → name → element, and the children in order: looked up for every extension
 * element, without a key string or a new array.
 */
const BY_NAME = new Map<string, Map<string, Map<string, ExtensionElement>>>();
const CHILDREN = new Map<string, Map<string, ExtensionElement[]>>();
for (const element of EXTENSION_ELEMENTS) {
  let parents = BY_NAME.get(element.extension);
  if (parents === undefined) BY_NAME.set(element.extension, (parents = new Map()));
  let names = parents.get(element.parent ?? '');
  if (names === undefined) parents.set(element.parent ?? '', (names = new Map()));
  names.set(element.name, element);
  let lists = CHILDREN.get(element.extension);
  if (lists === undefined) CHILDREN.set(element.extension, (lists = new Map()));
  let children = lists.get(element.parent ?? '');
  if (children === undefined) lists.set(element.parent ?? '', (children = []));
  children.push(element);
}

/** The element `name` of `extension` under `parent` (undefined: directly under `<url>`), if the extension has one. */
export function extensionElement(extension: ExtensionName, parent: string | undefined, name: string): ExtensionElement | undefined {
  return BY_NAME.get(extension)?.get(parent ?? '')?.get(name);
}

/** The children of `parent` (undefined: the elements of `extension` that stand directly in `<url>`), in order. */
export function extensionChildren(extension: ExtensionName, parent: string | undefined): readonly ExtensionElement[] {
  return CHILDREN.get(extension)?.get(parent ?? '') ?? [];
}

const PLACES = new Map<ExtensionElement, number>();
for (const element of EXTENSION_ELEMENTS) {
  PLACES.set(element, extensionChildren(element.extension, element.parent).indexOf(element));
}

/** The element's place among its parent's children (extensionChildren's order). */
export function childPlace(element: ExtensionElement): number {
  return PLACES.get(element)!;
}
