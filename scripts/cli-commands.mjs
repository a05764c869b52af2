// The server's command-line tools, by the name `npm run` and `scripts/run-cli.mjs` give them: each one's source,
// which `scripts/build-server.mjs` also builds into dist/server/<name>.js.
export const CLI_COMMANDS = {
  admin: 'src/server/cli/admin.ts',
  import: 'src/server/cli/import.ts',
  migrate: 'src/server/cli/migrate.ts',
  seed: 'src/server/cli/seed.ts',
  'check-totals': 'src/server/cli/check-totals.ts',
  backup: 'src/server/db/backup/backup-cli.ts',
  restore: 'src/server/db/backup/restore-cli.ts',
};
