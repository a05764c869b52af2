import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EARLY_INPUT_SCRIPT } from './early-input';

// The held-input script reads React's fibers as React's own event system does (getNearestMountedFiber),
// with React's flag and tag values copied in: no public API says whether a part of the page is adopted.
// This fails when an upgrade of react-dom changes that function, so the copy is looked at again.
const reactDomClient = () => {
  // The package's exports name no file under cjs/: find it beside the package.json.
  const pkg = createRequire(import.meta.url).resolve('react-dom/package.json');
  return readFileSync(join(dirname(pkg), 'cjs', 'react-dom-client.development.js'), 'utf8');
};

describe('the early-input script and the React it reads', () => {
  it("copies React's test of a mounted fiber: Placement | Hydrating (4098), up to a HostRoot (tag 3)", () => {
    const react = /function getNearestMountedFiber\(fiber\) \{([\s\S]*?)\n {4}\}/.exec(reactDomClient())?.[1];
    expect(react).toBeDefined();
    expect(react).toContain('0 !== (node.flags & 4098) && (fiber = node.return)');
    expect(react).toContain('!nextNode.alternate');
    expect(react).toContain('return 3 === node.tag ? fiber : null');
    expect(EARLY_INPUT_SCRIPT).toContain('if (node.flags & 4098) nearest = node.return;');
    expect(EARLY_INPUT_SCRIPT).toContain('!next.alternate');
    expect(EARLY_INPUT_SCRIPT).toContain('return node.tag === 3 && nearest === fiber;');
  });

  it("finds React's fiber and props under the keys React 19 gives them", () => {
    const source = reactDomClient();
    expect(source).toContain('"__reactFiber$" + randomKey');
    expect(EARLY_INPUT_SCRIPT).toContain("name.startsWith('__reactFiber$')");
  });
});
