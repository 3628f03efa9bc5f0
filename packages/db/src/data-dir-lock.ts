import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite has no lock of its own: a second process on the same data directory (`pnpm
 * admin:create` while the server runs) wrote into files the first one held in memory — its
 * "Created admin" was lost, and the data itself is at risk. The process that opens a data
 * directory holds `storefront.lock` (its pid) until it closes it; another live process fails at
 * once. A lock left by a process that died (kill -9) is taken over.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Whether process `pid` exists (a lock's or a socket directory's owner). */
export const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the directory's lock; resolves to its release. */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, 'storefront.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder > 0 && processAlive(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is in use by process ${holder} (the API server?): stop it first, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      unlinkSync(path);
    }
  }
  throw new DataDirLockedError(`Could not lock the embedded database in ${dir}.`);
}
