#!/usr/bin/env bash
# A production install, in this folder: every dependency (the build needs Vite, esbuild and tsc's friends even when
# NODE_ENV=production would skip them), the build, then only the production dependencies kept. The result runs with
# `npm start` (or `node dist/server/main.js`); `npm run db:migrate`, `db:seed` and `admin` run their built copies.
# The Dockerfile runs this same script.
set -euo pipefail
cd "$(dirname "$0")/.."

npm ci --include=dev --no-audit --no-fund
npm run build
npm prune --omit=dev --no-audit --no-fund
echo "Installed for production: start with npm start (Node $(node -v))."
