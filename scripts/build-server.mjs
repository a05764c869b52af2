// The server and its command-line tools, bundled with their dependencies into dist/server/
// (docs/decisions/0047): Node then loads a few files instead of resolving and reading thousands of modules at start.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { CLI_COMMANDS } from './cli-commands.mjs';

/**
 * Packages left in node_modules, loaded from there at run time:
 * - those that read their own files beside their code (a WebAssembly build and its data, a native addon, static
 *   assets, their package.json), which a bundle would not carry;
 * - those loaded only when a feature first needs them (storage on S3, spreadsheet imports, the test sign-in
 *   provider), so a start does not read them at all.
 */
export const LOADED_FROM_NODE_MODULES = [
  '@electric-sql/pglite',
  'sharp',
  'pg-native',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@aws-sdk/*',
  'read-excel-file',
  'fflate',
  'oidc-provider',
];

/** esbuild's options for the server's build into `outdir`. */
export const serverBuild = (outdir) => ({
  entryPoints: { main: 'src/server/entry.ts', ...CLI_COMMANDS },
  bundle: true,
  // The entries share one copy of what they have in common, and the parts a start does not need (a painted
  // page's lazy parts) are files of their own, read when first drawn. Chunks are named by their content and a
  // build never deletes one, so a build over a running server never takes away a part it has yet to load.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external: LOADED_FROM_NODE_MODULES,
  // CommonJS packages inside an ES module bundle still call `require` for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // The libraries' production builds (React's development build alone is 800 KB). The server's own settings read
  // the environment it is given at run time, never this expression.
  define: { 'process.env.NODE_ENV': '"production"' },
  sourcemap: true,
  outdir,
  logLevel: 'warning',
});

if (process.argv[1] === fileURLToPath(import.meta.url)) await build(serverBuild('dist/server'));
