// The live bench's linkinator run (liveBench.ts): its API on the page named, at the concurrency given, without
// recursion (the page's links are checked, not crawled); exit 1 when it found a broken link, as its command line does.
import { check } from 'linkinator';

const [page, concurrency] = process.argv.slice(2);
const result = await check({ path: page, concurrency: Number(concurrency), recurse: false });
process.exitCode = result.passed ? 0 : 1;
