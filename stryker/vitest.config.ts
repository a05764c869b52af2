import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../vitest.config';

// Mutation runs only: test files share their worker's modules (no isolation per file). A static mutant
// re-runs every selected test, and isolation made each of those runs three to five times slower.
export default mergeConfig(base, defineConfig({ test: { isolate: false } }));
