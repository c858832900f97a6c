import type { BuildOptions, BuildResult } from 'esbuild';

/** Bundles `entry` (TypeScript) into `outfile`, an ES module for Node 20; packages stay in node_modules. */
export function bundleForNode(entry: string, outfile: string, extra?: BuildOptions): Promise<BuildResult>;
export function freePort(): Promise<number>;
export function benchPostgres(
  name: string,
  clusterModule: string,
): Promise<{ databaseUrl: string; throwaway: boolean; stop(): Promise<void> }>;
