/** The language of a compressed sitemap opened as text: VS Code knows none for `*.gz`, so the name without `.gz`
 * decides, refined by content detection (shared/documentLanguage.ts). */
export { compressedLanguageOf } from '../../../shared/documentLanguage';

/**
 * package.json's language for `*.xml.gz` and `*.txt.gz` names: it gives the Explorer's row an icon, and is the first
 * language of a compressed sitemap opened as text, until compressedLanguageOf's replaces it.
 */
export const COMPRESSED_LANGUAGE = 'compressed-sitemap';
