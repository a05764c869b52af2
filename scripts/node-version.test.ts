import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, unsupportedNode } from './supported-node.mjs';

const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const nvmrc = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);

describe('the Node version', () => {
  it('is one the project declares: engines >=22.12 (cookie@2 and content-disposition@3 need 22)', () => {
    expect(pkg.engines.node).toBe('>=22.12');
    expect(MINIMUM_NODE).toBe('22.12');
    expect(major > 22 || (major === 22 && minor >= 12), `running ${process.version}`).toBe(true);
  });

  it.runIf(process.env.CI)('is, in CI, the one users are told to run (.nvmrc)', () => {
    expect(nvmrc).toBe('24');
    expect(String(major), `CI ran ${process.version}`).toBe(nvmrc);
  });

  it('refuses an older Node with one line, and lets 22.12 and newer through', () => {
    expect(unsupportedNode('20.20.2')).toBe(
      'This needs Node 22.12 or newer (Node 24 recommended, see .nvmrc); this is Node 20.20.2.',
    );
    expect(unsupportedNode('22.11.9')).toMatch(/^This needs Node 22\.12 or newer/);
    expect(unsupportedNode('18.20.0')).toMatch(/this is Node 18\.20\.0\.$/);
    for (const version of ['22.12.0', '22.20.1', '23.0.0', '24.21.0', '25.1.0'])
      expect(unsupportedNode(version), version).toBeUndefined();
  });

  // The machine's own older Node, when it has one (Debian's /usr/bin/node on the CI machine).
  const olderNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
    if (!existsSync(path)) return false;
    const version = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    return unsupportedNode(version) !== undefined;
  });
  it.runIf(olderNode)(
    'stops npm start and the npm run commands on an older Node before they do anything',
    () => {
      for (const args of [['scripts/start.mjs'], ['scripts/run-cli.mjs', 'migrate']]) {
        const run = spawnSync(olderNode!, args, {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, DATABASE_URL: '' },
        });
        expect(run.status, args.join(' ')).toBe(1);
        expect(run.stdout).toBe('');
        expect(run.stderr.trim()).toMatch(
          /^This needs Node 22\.12 or newer \(Node 24 recommended, see \.nvmrc\); this is Node \d+\.\d+\.\d+\.$/,
        );
      }
    },
  );
});

/** npm 11 runs a dependency's install script only when package.json's `allowScripts` names it. */
describe('install scripts', () => {
  /** Every installed package (nested ones included) that has an install script npm would run. */
  function withInstallScripts(dir: string, found: string[] = []): string[] {
    if (!existsSync(dir)) return found;
    for (const entry of readdirSync(dir)) {
      if (entry.startsWith('.')) continue;
      if (entry.startsWith('@')) {
        withInstallScripts(join(dir, entry), found);
        continue;
      }
      const manifest = join(dir, entry, 'package.json');
      if (existsSync(manifest)) {
        const { name, scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as {
          name: string;
          scripts?: Record<string, string>;
        };
        const gyp = existsSync(join(dir, entry, 'binding.gyp'));
        if (scripts.preinstall || scripts.install || scripts.postinstall || gyp) found.push(name);
      }
      withInstallScripts(join(dir, entry, 'node_modules'), found);
    }
    return found;
  }

  it('are each reviewed in allowScripts, so a fresh npm ci warns of none', () => {
    const reviewed = new Set(Object.keys(pkg.allowScripts ?? {}));
    const found = [...new Set(withInstallScripts(join(root, 'node_modules')))].sort();
    expect(found).toContain('esbuild');
    expect(found.filter((name) => !reviewed.has(name))).toEqual([]);
  });
});
