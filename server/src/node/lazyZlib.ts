/** node:zlib on first use: loading it costs 3–10 ms of every run's start-up, and most inputs are not gzipped. */
import type * as Zlib from 'node:zlib';

let loaded: typeof Zlib | undefined;

export function zlib(): typeof Zlib {
  return (loaded ??= require('node:zlib') as typeof Zlib);
}
