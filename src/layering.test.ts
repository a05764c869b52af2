import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Imports flow web -> domain <- server; domain imports neither side. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

function violations(layer: string, forbidden: string[]): string[] {
  const root = join(process.cwd(), 'src', layer);
  return sourceFiles(root).flatMap((file) =>
    importsOf(file)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => relative(join(process.cwd(), 'src'), join(file, '..', spec)))
      .filter((target) => forbidden.some((f) => target.startsWith(`${f}/`) || target === f))
      .map((target) => `${relative(process.cwd(), file)} -> ${target}`),
  );
}

/** Imports from one web feature into another's components or pages (its `api/` is its public face). */
function crossFeatureImports(): string[] {
  const web = join(process.cwd(), 'src', 'web');
  return sourceFiles(join(web, 'features')).flatMap((file) => {
    const own = relative(join(web, 'features'), file).split('/')[0];
    return importsOf(file)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => relative(web, join(file, '..', spec)).split('/'))
      .filter(([top, feature, part]) => top === 'features' && feature !== own && part !== 'api')
      .map((parts) => `${relative(process.cwd(), file)} -> ${parts.join('/')}`);
  });
}

describe('layering', () => {
  it('keeps domain free of web and server imports', () => {
    expect(violations('domain', ['web', 'server'])).toEqual([]);
  });
  it('keeps the web from importing server code', () => {
    expect(violations('web', ['server'])).toEqual([]);
  });
  it('keeps the server from importing web code, but for the renderer that paints public pages', () => {
    // The one way in (docs/decisions/0038): the server paints pages with the web app's own tree.
    const renderer = /-> web\/ssr\/render-page$/;
    expect(violations('server', ['web']).filter((v) => !renderer.test(v))).toEqual([]);
  });
  it('keeps shared web code (components, lib) free of features and of the composition layer', () => {
    expect(violations('web/components', ['web/features', 'web/app'])).toEqual([]);
    expect(violations('web/lib', ['web/features', 'web/app'])).toEqual([]);
  });
  it('keeps features from importing the composition layer', () => {
    expect(violations('web/features', ['web/app'])).toEqual([]);
  });
  it("lets a feature use another feature's api/ only, never its components or pages", () => {
    expect(crossFeatureImports()).toEqual([]);
  });
});
