/** The page rules' language part, which the web worker loads on first need as a script of its own (dist/web/pageRules.js,
 * build.mjs): htmlparser2 and the rules are a sixth of the worker's script, and only a site root with pages needs them. */
export { builtRedirectsOf, pageHeadOf, parseRobotsRules, validatePageRules } from '../language/languageService';
