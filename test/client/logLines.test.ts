/**
 * One timestamp style in the output channel (client/src/logLines.ts): vscode-languageclient's own stamp is taken off
 * its lines, which become levelled messages for the log channel (which stamps every line itself); text appended in
 * chunks (the server's stderr) is logged in whole lines.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LineCollector, parseLibraryLine } from '../../client/src/logLines';

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
});
