/** out-of-scope's "Allow <origin> in sitemap.allowedHosts": which settings get the origin, and the list they get. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { planAllowedHostsUpdate } from '../../client/src/commands/allowedHostsUpdate';

const ORIGIN = 'https://cdn.example.net';

describe('planAllowedHostsUpdate', () => {
  it('adds to the list in force, where it is set, keeping its entries', () => {
    assert.deepEqual(planAllowedHostsUpdate({ globalValue: ['a.example'], workspaceValue: ['b.example', 42] }, ORIGIN, true),
      { status: 'update', target: 'workspace', value: ['b.example', 42, ORIGIN] });
    assert.deepEqual(planAllowedHostsUpdate({ workspaceValue: [], workspaceFolderValue: ['c.example'] }, ORIGIN, true),
      { status: 'update', target: 'workspaceFolder', value: ['c.example', ORIGIN] });
    assert.deepEqual(planAllowedHostsUpdate({ globalValue: ['a.example'] }, ORIGIN, true), { status: 'update', target: 'global', value: ['a.example', ORIGIN] });
  });

  it('set nowhere: the workspace settings, or the user settings without a workspace', () => {
    assert.deepEqual(planAllowedHostsUpdate({}, ORIGIN, true), { status: 'update', target: 'workspace', value: [ORIGIN] });
    assert.deepEqual(planAllowedHostsUpdate({ workspaceValue: 'not a list' }, ORIGIN, false), { status: 'update', target: 'global', value: [ORIGIN] });
  });

  it('says when the origin is listed already', () => {
    assert.deepEqual(planAllowedHostsUpdate({ workspaceValue: [' HTTPS://cdn.example.net '] }, ORIGIN, true), { status: 'allowed' });
  });
});
