import { spawnSync } from 'node:child_process';
import { repoRoot } from './built-server';

/**
 * `npm run staff -- …` on the data folder `dataDir` (run it before the server opens the
 * database); `input` goes to its standard input, e.g. a new account's password and a newline.
 */
export function staffCommand(dataDir: string, args: string[], input = ''): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const result = spawnSync('npm', ['run', '--silent', 'staff', '--', ...args], {
    cwd: repoRoot,
    env,
    input,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0)
    throw new Error(`npm run staff -- ${args[0]} failed:\n${result.stdout}\n${result.stderr}`);
}
