/** Where the offer to set sitemap.siteRoots writes (siteRootPlan.ts): never over a folder already mapped, the other
 * folders of the value in force kept. */
import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { planSiteRoot } from '../../client/src/commands/siteRootPlan';

const URL = 'https://example.com/';

describe('planSiteRoot', () => {
  it('offers the workspace settings when nothing is set (and the folder settings first in a multi-root workspace)', () => {
    assert.deepEqual(planSiteRoot({}, 'public', URL, false), { status: 'offer', targets: [{ target: 'workspace', value: { public: URL } }] });
    assert.deepEqual(planSiteRoot({}, 'public', URL, true), {
      status: 'offer', targets: [{ target: 'workspaceFolder', value: { public: URL } }, { target: 'workspace', value: { public: URL } }],
    });
  });

  it('keeps the other folders of the value set at that level', () => {
    assert.deepEqual(planSiteRoot({ workspaceValue: { docs: 'https://docs.example.com/' }, globalValue: { x: 'y' } }, 'public', URL, false), {
      status: 'offer', targets: [{ target: 'workspace', value: { docs: 'https://docs.example.com/', public: URL } }],
    });
  });

  it('offers nothing where the folder is mapped already, at any level and however it is written', () => {
    for (const written of ['public', './public', 'public/', 'public\\']) {
      assert.deepEqual(planSiteRoot({ globalValue: { [written]: 'https://other.example/' } }, 'public', URL, false), { status: 'mapped' });
    }
    assert.deepEqual(planSiteRoot({ workspaceFolderValue: { '.': URL } }, '', URL, true), { status: 'mapped' });
  });

  it('names the workspace folder itself "."', () => {
    assert.deepEqual(planSiteRoot({ workspaceValue: [] }, '', URL, false), { status: 'offer', targets: [{ target: 'workspace', value: { '.': URL } }] });
  });
});
