import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const nvmrc = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);

describe('the Node version', () => {
  it('is one the project declares: engines >=22.12 (cookie@2 and content-disposition@3 need 22)', () => {
    expect(pkg.engines.node).toBe('>=22.12');
    expect(major > 22 || (major === 22 && minor >= 12), `running ${process.version}`).toBe(true);
  });

  it.runIf(process.env.CI)('is, in CI, the one users are told to run (.nvmrc)', () => {
    expect(nvmrc).toBe('24');
    expect(String(major), `CI ran ${process.version}`).toBe(nvmrc);
  });
});
