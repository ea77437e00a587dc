/**
 * A document's size in UTF-8 bytes (`file-too-large`, the status bar, `sitemap/documentInfo`) after an edit that splits
 * a surrogate pair where the whole document is parsed again: found by the language server's fuzzer (issue 35, seed 8).
 * The edit took the pair's first half away, and the count took 3 bytes off for it, where the pair's 4 became the 3 of
 * the half left: the server's count fell 2 bytes short of the file's, for good.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DOCUMENT_INFO_REQUEST, type DocumentInfo } from '../../../shared/protocol';
import { hasCode, LspClient } from '../lspClient';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const OPENED = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n</urlset>\n`;
const ENTRY = '<url><loc>https://www.example.com/a</loc></url>\n';
/** The text after the edits: the pair's second half stays, alone (written as U+FFFD, 3 bytes). */
const EDITED = `${ENTRY}\udc00${OPENED}`;

let client: LspClient;
before(async () => {
  // One byte under the edited text's size: file-too-large must be reported, and is only if the count is right.
  client = await LspClient.start({ settings: { limits: { maxBytes: Buffer.byteLength(EDITED) - 1 } } });
});
after(async () => {
  await client.stop();
});

test('an edit splitting a surrogate pair leaves the document its true UTF-8 size', async () => {
  const uri = 'untitled:surrogates.xml';
  const opened = client.nextDiagnostics(uri);
  client.open(uri, 'sitemap', OPENED);
  await opened;
  const edited = client.nextDiagnostics(uri, (_, params) => params.version === 2);
  // U+10000 before the declaration, then its first half replaced by an entry: the declaration moves, all is parsed again.
  client.change(uri, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '\ud800\udc00' },
    { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, text: ENTRY });
  assert.ok(hasCode('file-too-large')((await edited).diagnostics), 'file-too-large at one byte over the limit');
  const info = await client.connection.sendRequest<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri });
  assert.equal(info.bytes, Buffer.byteLength(EDITED));
});
