import { mkdtempSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { LOADED_FROM_NODE_MODULES, serverBuild } from './build-server.mjs';

/** The package a bare import names: `@scope/name` or `name`, without a path inside it. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * A start spent most of its time resolving and reading the dependencies' thousands of modules while the bundle
 * left them all in node_modules (docs/decisions/0047): the built server may import at run time only Node's own
 * modules and the few packages named as loaded from node_modules.
 */
describe('the server build', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'server-build-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('bundles every dependency but the ones it names', async () => {
    const result = await build({ ...serverBuild(outdir), metafile: true, sourcemap: false });
    const external = new Set<string>();
    for (const output of Object.values(result.metafile.outputs))
      for (const { path, external: isExternal } of output.imports)
        if (isExternal && !path.startsWith('node:') && !builtinModules.includes(path))
          external.add(packageOf(path));
    const allowed = new Set(LOADED_FROM_NODE_MODULES.map((name) => name.replace('/*', '')));
    const unexpected = [...external].filter(
      (name) => !allowed.has(name) && !allowed.has(name.split('/')[0] ?? name),
    );
    expect(unexpected).toEqual([]);
    // The embedded database and the image library are loaded from node_modules, not copied into the bundle.
    expect(external).toContain('@electric-sql/pglite');
    expect(external).toContain('sharp');
    // drizzle-orm, fastify and React are inside the bundle.
    for (const bundled of ['drizzle-orm', 'fastify', 'react', 'react-dom'])
      expect(external).not.toContain(bundled);
  }, 60_000);
});
