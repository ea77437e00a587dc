/**
 * Issue 22's page facts: readPageFacts over 50,000 generated ~4 KB pages in one process, against htmlparser2 alone
 * stopping at the body (the floor), alternating, medians of 5. Run alone: `node out/test/bench/pageFactsBench.js`.
 */
import { performance } from 'node:perf_hooks';
import { Parser } from 'htmlparser2';
import { readPageFacts } from '../../server/src/language/site/pageFacts';
import { upperMedian } from './median';

const PAGES = 50_000;

/** A generated page as Hugo themes write them: a 1.6 KB head (metas, links, an inline script and style), 4 KB in all. */
export function benchPage(n: number): string {
  const head = '<!DOCTYPE html>\n<html lang="en-us" dir="ltr">\n<head>\n  <meta charset="utf-8">\n' +
    '  <meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `  <meta name="description" content="Page ${n} of the documentation, about widgets &amp; gadgets and how to configure them.">\n` +
    `  <meta name="generator" content="Hugo 0.120.4">\n  <title>Widgets ${n} &middot; Example Docs</title>\n` +
    `  <link rel="canonical" href="https://www.example.com/docs/page-${n}/">\n` +
    '  <link rel="stylesheet" href="/css/main.min.7f3a9c.css" integrity="sha256-abcdefabcdefabcdefabcdefabcdefabcdefabcdefab=" crossorigin="anonymous">\n' +
    `  <link rel="icon" href="/favicon.ico">\n  <meta property="og:title" content="Widgets ${n}">\n` +
    `  <meta property="og:url" content="https://www.example.com/docs/page-${n}/">\n  <meta name="robots" content="index, follow">\n` +
    "  <script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','G-XXXX');</script>\n" +
    '  <style>body{margin:0;font-family:system-ui}.nav a{color:#333}</style>\n</head>\n';
  let body = `<body class="docs"><nav class="nav"><a href="/">Home</a> <a href="/docs/">Docs</a></nav><main><h1>Widgets ${n}</h1>\n`;
  while (head.length + body.length < 4000) body += `<p>Lorem ipsum dolor sit amet, <a href="/docs/page-${n + 1}/">consectetur</a> adipiscing elit, sed do eiusmod tempor.</p>\n`;
  return head + body + '</main></body></html>\n';
}

function parserAlone(text: string): void {
  const parser: Parser = new Parser({ onopentag: (name) => name === 'body' && parser.pause(), onclosetag: (name) => name === 'head' && parser.pause() });
  parser.write(text);
}

function main(): void {
  const pages = Array.from({ length: 1000 }, (_, n) => benchPage(n));
  const urls = pages.map((_, n) => `https://www.example.com/docs/page-${n}/`);
  const runs = { parser: [] as number[], facts: [] as number[] };
  for (let run = 0; run < 6; run++) {
    let start = performance.now();
    for (let i = 0; i < PAGES; i++) parserAlone(pages[i % 1000]!);
    const parser = performance.now() - start;
    start = performance.now();
    for (let i = 0; i < PAGES; i++) readPageFacts(pages[i % 1000]!, urls[i % 1000]!);
    const facts = performance.now() - start;
    if (run > 0) (runs.parser.push(parser), runs.facts.push(facts));
  }
  const [parser, facts] = [upperMedian(runs.parser), upperMedian(runs.facts)];
  console.log(`readPageFacts, ${PAGES} pages of ${pages[0]!.length} chars: ${facts.toFixed(0)} ms (htmlparser2 alone to the body: ${parser.toFixed(0)} ms, ×${(facts / parser).toFixed(2)})`);
}

if (require.main === module) main();
