import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ReactNode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '../app/router';
import '../app/dashboard/dashboard-tabs';
import '../features/auth/pages/login-page';
import {
  declaredParts,
  lazyPart,
  loadParts,
  type PaintedDraw,
  PaintedDrawContext,
  PartBoundary,
  unloadedParts,
} from './lazy-part';

describe('lazy parts', () => {
  it('names a real module for every part the app declares (the build’s manifest keys)', () => {
    const parts = declaredParts();
    // The pages, the header's menu and bell, the sign-in forms and the dashboard's tabs.
    expect(parts.length).toBeGreaterThanOrEqual(30);
    const missing = parts.filter((source) => !existsSync(join('src/web', source)));
    expect(missing).toEqual([]);
  });

  it('is how the app loads code on demand: nothing else calls React’s lazy', () => {
    const files = readdirSync('src/web', { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !file.endsWith('.test.tsx') && !file.endsWith('lazy-part.tsx'),
    );
    const callers = files.filter((file) => /\blazy\(/.test(readFileSync(join('src/web', file), 'utf8')));
    expect(callers).toEqual([]);
    // Every boundary tells a server draw when it showed its fallback.
    const bareBoundaries = files.filter((file) =>
      /<Suspense\b/.test(readFileSync(join('src/web', file), 'utf8')),
    );
    expect(bareBoundaries).toEqual([]);
  });

  it('a boundary notes on the server each fallback it draws: a part not loaded, or one that threw', async () => {
    const Ready = lazyPart('test/ready.tsx', async () => ({ default: () => <p>ready</p> }));
    const Waiting = lazyPart('test/waiting.tsx', async () => ({ default: () => <p>waiting</p> }));
    const Broken = lazyPart('test/broken.tsx', async () => ({
      default: () => {
        throw new Error('cannot draw');
      },
    }));
    await loadParts(['test/ready.tsx', 'test/broken.tsx']);
    const drawn = (element: ReactNode) => {
      const draw: PaintedDraw = { parts: new Set(), fallbacks: 0 };
      const html = renderToString(
        <PaintedDrawContext value={draw}>
          <PartBoundary fallback={<i>loading</i>}>{element}</PartBoundary>
        </PaintedDrawContext>,
      );
      return { html, fallbacks: draw.fallbacks, unloaded: unloadedParts(draw.parts) };
    };
    expect(drawn(<Ready />)).toMatchObject({ fallbacks: 0, unloaded: [] });
    expect(drawn(<Ready />).html).toContain('<p>ready</p>');
    expect(drawn(<Waiting />)).toMatchObject({ fallbacks: 1, unloaded: ['test/waiting.tsx'] });
    expect(drawn(<Broken />)).toMatchObject({ fallbacks: 1, unloaded: [] });
    expect(drawn(<Broken />).html).toContain('<i>loading</i>');
  });

  it('draws a loaded part at once, without suspending; an unloaded one suspends', async () => {
    let loads = 0;
    const part = (source: string) =>
      lazyPart(source, async () => {
        loads++;
        return { default: ({ name }: { name: string }) => <p>Hello {name}</p> };
      });
    const Loaded = part('test/loaded.tsx');
    const Unloaded = part('test/unloaded.tsx');
    const draw = (element: ReactNode) =>
      renderToString(<Suspense fallback={<i>loading</i>}>{element}</Suspense>);
    await loadParts(['test/loaded.tsx', 'test/unknown.tsx']);
    // The first draw after loading: what hydration meets in the browser.
    expect(draw(<Loaded name="Ada" />)).toContain('<p>Hello <!-- -->Ada</p>');
    expect(draw(<Unloaded name="Ada" />)).toContain('<i>loading</i>');
    // Loaded once, however often it is asked for.
    await loadParts(['test/loaded.tsx']);
    expect(loads).toBe(2);
  });

  it('loads a part declared inside another part once that one has loaded', async () => {
    let innerLoaded = false;
    lazyPart('test/outer.tsx', async () => {
      lazyPart('test/inner.tsx', async () => {
        innerLoaded = true;
        return { default: () => null };
      });
      return { default: () => null };
    });
    await loadParts(['test/inner.tsx', 'test/outer.tsx']);
    expect(innerLoaded).toBe(true);
  });

  it('tries again after a failed download', async () => {
    let tries = 0;
    lazyPart('test/flaky.tsx', async () => {
      tries++;
      if (tries === 1) throw new Error('offline');
      return { default: () => null };
    });
    await expect(loadParts(['test/flaky.tsx'])).rejects.toThrow('offline');
    await expect(loadParts(['test/flaky.tsx'])).resolves.toBeUndefined();
    expect(tries).toBe(2);
  });
});
