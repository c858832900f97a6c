/**
 * What the environment gives before server/config.ts validates it:
 * - `<SETTING>_FILE`: any setting may be read from a file instead (Docker/compose secrets,
 *   Kubernetes secret volumes), so secrets need not sit in plain environment variables. The file's
 *   content without its final line break is the value; both at once is a mistake.
 * - DATABASE_HOST, DATABASE_PORT, DATABASE_NAME, DATABASE_USER, DATABASE_PASSWORD: DATABASE_URL in
 *   parts, each percent-encoded here, so a password with @, / or # cannot change the address.
 */
import { readFileSync } from 'node:fs';

type Env = Record<string, string | undefined>;

export const databaseParts = [
  'DATABASE_HOST',
  'DATABASE_PORT',
  'DATABASE_NAME',
  'DATABASE_USER',
  'DATABASE_PASSWORD',
] as const;

/** A problem with the environment, as one line naming the variable (never its value). */
export type EnvProblem = string;

export function resolveEnvironment(
  env: Env,
  settings: readonly string[],
): { env: Env; problems: EnvProblem[] } {
  const resolved: Env = { ...env };
  const problems: EnvProblem[] = [];
  for (const name of [...settings, ...databaseParts]) {
    const file = env[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (env[name]?.trim()) {
      problems.push(`${name}_FILE: ${name} is set as well; set one of them`);
      continue;
    }
    try {
      resolved[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(
        `${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  const host = resolved.DATABASE_HOST?.trim();
  if (host) {
    if (resolved.DATABASE_URL?.trim())
      problems.push('DATABASE_HOST: DATABASE_URL is set as well; set one of them');
    else {
      const user = resolved.DATABASE_USER?.trim() ?? '';
      const password = resolved.DATABASE_PASSWORD ?? '';
      const credentials = user
        ? `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}@`
        : '';
      const port = resolved.DATABASE_PORT?.trim() || '5432';
      const name = encodeURIComponent(resolved.DATABASE_NAME?.trim() || user || 'postgres');
      resolved.DATABASE_URL = `postgres://${credentials}${host.includes(':') ? `[${host}]` : host}:${port}/${name}`;
    }
  }
  return { env: resolved, problems };
}

/**
 * Variables whose values are credentials (or URLs that may carry them): a configuration error
 * names them but never repeats the value, since start-up errors end up in logs.
 */
export function holdsSecret(name: string): boolean {
  return /SECRET|TOKEN|PASSWORD|KEY|^DATABASE_URL$|^SMTP_URL$|^INBOUND_IMAP_URL$/.test(name);
}

/** Freezes the configuration and every object in it: read once at start, never changed after. */
export function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const child of Object.values(value)) {
    if (child && typeof child === 'object') deepFreeze(child as object);
  }
  return Object.freeze(value);
}
