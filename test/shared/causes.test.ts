/**
 * A message and its cause said once (shared/causes.ts; issue 33: "git was not found (git was not found)"), and a Node
 * system error's reason without the path its message names again. Checked as properties (repeatedCauses, what is
 * kept), not as wording.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { reasonOf, withCause } from '../../shared/causes';
import { repeatedCauses } from '../support/repeatedCause';

function systemError(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  assert.fail('no error');
}

describe('a message and its cause', () => {
  it('drops a cause the message already says', () => {
    assert.deepEqual(repeatedCauses(withCause('git was not found', 'git was not found')), []);
    assert.equal(withCause('git was not found', 'git was not found.'), 'git was not found');
    assert.equal(withCause('git was not found', undefined), 'git was not found');
    assert.equal(withCause('git was not found', '  '), 'git was not found');
  });

  it('keeps a cause that adds something, in parentheses or after a colon', () => {
    assert.equal(withCause('git was not found', '/opt/git/bin/git'), 'git was not found (/opt/git/bin/git)');
    assert.equal(withCause('Check Site failed', 'the child process ended', 'colon'), 'Check Site failed: the child process ended');
  });

  it('says a cause that begins with the message once', () => {
    assert.equal(withCause('Check Site failed', 'Check Site failed: the child process ended', 'colon'), 'Check Site failed: the child process ended');
  });

  it('takes the path out of a Node system error: the message around it names the file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-causes-'));
    const missing = path.join(dir, 'sitemap.xml');
    const error = systemError(() => fs.readFileSync(missing));
    assert.ok(error.message.includes(missing), 'Node names the file');
    const said = withCause(`${missing}: cannot read`, reasonOf(error));
    assert.equal(said.split(missing).length - 1, 1, said);
    assert.ok(!reasonOf(error).includes('ENOENT') && reasonOf(error).length > 0, reasonOf(error));
    const renamed = systemError(() => fs.renameSync(missing, path.join(dir, 'b.xml')));
    assert.ok(!reasonOf(renamed).includes(dir), reasonOf(renamed));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps any other error\'s message as it is', () => {
    assert.equal(reasonOf(new Error('unexpected end of file')), 'unexpected end of file');
    assert.equal(reasonOf('text'), 'text');
  });
});
