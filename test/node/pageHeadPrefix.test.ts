/**
 * The page reader's first decode (builtPages.ts, FIRST_DECODE_BYTES): facts read from a page's first 4 KiB when its
 * head finished within them must equal the facts of the whole text, whatever straddles the cut (a tag, a title, the
 * body, text after `</head>`, an early end, a character of two to four bytes). An oracle test: every page is read
 * through readBuiltSite and compared with readPageFacts on the whole file.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readBuiltSite } from '../../server/src/node/builtSite/builtSiteReader';
import { FIRST_DECODE_BYTES } from '../../server/src/node/builtSite/builtPages';
import { readPageFacts, urlsOfFile } from '../../server/src/language/languageService';
import { sniffedText } from '../../shared/fileEncoding';
import { tempFolders } from '../support/tempFolders';

const temp = tempFolders('page-head-prefix-');

/** Heads that end (or turn) in different ways; `pad` is filled so that the interesting part falls at the cut. */
const SHAPES: Array<(pad: string) => string> = [
  (pad) => `<html><head><title>T</title><meta name="x" content="${pad}"><meta name="robots" content="noindex"></head><body>b</body></html>`,
  (pad) => `<html><head><meta name="x" content="${pad}"><title>Tété 网站 😀 title</title></head>\n<body>b</body></html>`,
  (pad) => `<html><head><meta name="x" content="${pad}"></head>é<meta name="robots" content="noindex"><body>b</body></html>`,
  (pad) => `<html><head><meta name="x" content="${pad}"></head>  \n  网<link rel="canonical" href="/c"><body>b</body></html>`,
  (pad) => `<html><head><meta name="x" content="${pad}"><div>early</div><meta name="robots" content="noindex"></head><body>b</body></html>`,
  (pad) => `<html><head><meta name="x" content="${pad}">text ends it<link rel="canonical" href="/c"><body>b</body></html>`,
  (pad) => `<html><head><meta name="x" content="${pad}"><meta http-equiv="refresh" content="0; url=/n"><!-- c --></head><body>b</body></html>`,
  (pad) => `<html><head><script>var s = "${pad}</head><body>";</script><meta name="robots" content="noindex"></head><body>b</body></html>`,
  (pad) => `<html><head><meta name="x" content="${pad}"><title>{{ .Title }}</title></head><body>b</body></html>`,
  (pad) => `<html><head><meta name="x" content="${pad}"></head>${' '.repeat(40)}<body>b</body></html>`,
];
/** Pads of one, two, three and four bytes per character, so that a character is cut at every offset. */
const FILLERS = ['a', 'é', '网', '😀'];

describe('page heads: the first decode', () => {
  it('gives the facts of the whole page when the head finished within the first 4 KiB, whatever the cut falls on', async () => {
    const files: Record<string, string> = {};
    let n = 0;
    for (const shape of SHAPES) {
      for (const filler of FILLERS) {
        const bare = Buffer.byteLength(shape(''));
        const fillerBytes = Buffer.byteLength(filler);
        // The head's end (and what follows it) swept across the cut, a byte at a time around it.
        for (let end = FIRST_DECODE_BYTES - 48; end <= FIRST_DECODE_BYTES + 48; end++) {
          const count = Math.max(0, Math.floor((end - bare) / fillerBytes));
          files[`p/page-${n++}.html`] = shape(filler.repeat(count) + 'a'.repeat(Math.max(0, end - bare - count * fillerBytes)));
        }
      }
    }
    const dir = temp(files);
    const root = { folder: 'p', url: 'https://x.com/' };
    const site = await readBuiltSite({ workspace: dir, root }, { siteRoots: [root], pageSources: {}, git: false });
    for (const [key, text] of Object.entries(files)) {
      const file = key.slice('p/'.length);
      const whole = readPageFacts(sniffedText(Buffer.from(text)), urlsOfFile(file, root)[0]!);
      assert.deepEqual(site.page(file), whole, file);
    }
    assert.ok(Object.keys(files).length > 3000);
  });
});
