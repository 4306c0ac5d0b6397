import { commands, USAGE, UsageError } from './cli-commands';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { AppError } from './lib/errors';
import { closeRuntime, DataDirInUseError, describeHolder, lockDataDir, openRuntime } from './runtime';

async function main() {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.log(USAGE);
    process.exit(name && name !== 'help' && name !== '--help' ? 2 : 0);
  }
  loadDotEnv();
  const config = loadConfig();
  // The command holds the data folder too, so that a server started meanwhile refuses it.
  const release = await lockDataDir(config, { role: 'admin command' }).catch((error) => {
    if (!(error instanceof DataDirInUseError)) throw error;
    const { holder } = error;
    console.error(
      `${capitalized(describeHolder(holder))} holds the embedded database in ${config.dataDir}.\n` +
        'PGlite can be opened by one process only: stop the server (Ctrl+C), run this command, then start it again.\n' +
        `If it is no longer running (a container killed or a host lost), the folder frees itself ${Math.round(holder.leaseMs / 1000)} s after its last renewal.\n` +
        'With DATABASE_URL (PostgreSQL) the CLI and the server can run side by side.',
    );
    process.exit(1);
  });
  try {
    const deps = await openRuntime(config);
    try {
      console.log(await command(deps, args));
    } finally {
      await closeRuntime(deps);
    }
  } finally {
    release();
  }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

main().catch((error) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof AppError) {
    console.error(`Error: ${error.message}`);
    if (error instanceof UsageError) console.error(`\n${USAGE}`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
