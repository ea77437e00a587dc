/**
 * One timestamp style in the output channel (client/src/logLines.ts): vscode-languageclient's own stamp is taken off
 * its lines, which become levelled messages for the log channel (which stamps every line itself); text appended in
 * chunks (the server's stderr) is logged in whole lines.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorCodes, ResponseError } from 'vscode-jsonrpc';
import { errorText, LibraryLines, LineCollector, parseLibraryLine } from '../../client/src/logLines';

describe('output channel lines', () => {
  it('takes the library\'s stamp off and keeps its level', () => {
    assert.deepEqual(parseLibraryLine('[Info  - 1:23:45 PM] sitemap-studio 0.1.0 started', 'info'),
      { level: 'info', message: 'sitemap-studio 0.1.0 started' });
    assert.deepEqual(parseLibraryLine('[Error - 13:23:45] Server crashed', 'info'), { level: 'error', message: 'Server crashed' });
    assert.deepEqual(parseLibraryLine('[Warn  - 1:23:45 PM] slow', 'info'), { level: 'warn', message: 'slow' });
    assert.deepEqual(parseLibraryLine('[Debug - 1:23:45 PM] x', 'info'), { level: 'debug', message: 'x' });
  });

  it('logs protocol traces at info, so that sitemap.trace.server alone shows them', () => {
    assert.deepEqual(parseLibraryLine('[Trace - 1:23:45 PM] Sending request \'initialize - (0)\'.', 'info').level, 'info');
    assert.deepEqual(parseLibraryLine('[LSP   - 1:23:45 PM] {"a":1}', 'info'), { level: 'info', message: '{"a":1}' });
  });

  it('gives an unstamped line (details, a stack) the level of the line before', () => {
    assert.deepEqual(parseLibraryLine('    at foo (bar.js:1:2)', 'error'), { level: 'error', message: '    at foo (bar.js:1:2)' });
  });

  it('collects appended chunks into whole lines', () => {
    const lines = new LineCollector();
    assert.deepEqual(lines.append('first pa'), []);
    assert.deepEqual(lines.append('rt\nsecond\r\nthi'), ['first part', 'second']);
    assert.deepEqual(lines.appendLine('rd'), ['third']);
    assert.deepEqual(lines.appendLine(''), ['']);
  });

  it('drops the boolean vscode-languageclient 9 writes under its restart line, and keeps every other line', () => {
    const library = new LibraryLines();
    // As the library writes a restart after a crash: info(message, !handled), the boolean as the message's data.
    const written = [
      '[Info  - 5:40:12 PM] Connection to server got closed. Server will restart.', 'false',
      '[Error - 5:40:13 PM] Request sitemap/x failed.', '  Message: x', '  Code: -32603 ', 'false', 'true',
    ].map((line) => library.next(line));
    assert.deepEqual(written.filter((line) => line !== undefined).map((line) => `[${line.level}] ${line.message}`), [
      '[info] Connection to server got closed. Server will restart.',
      '[error] Request sitemap/x failed.', '[error]   Message: x', '[error]   Code: -32603 ', '[error] false', '[error] true',
    ]);
  });

  it('logs a JSON-RPC error by its message (its stack is the library\'s), any other error with its stack', () => {
    const rejected = new ResponseError(ErrorCodes.PendingResponseRejected, 'Pending response rejected since connection got disposed');
    assert.ok(rejected.stack?.includes('    at '), 'the library\'s error has a stack');
    assert.equal(errorText(rejected), 'Pending response rejected since connection got disposed');
    const bug = new TypeError('x is undefined');
    assert.equal(errorText(bug), bug.stack);
    assert.equal(errorText('plain'), 'plain');
    assert.equal(errorText(undefined), '');
  });
});
