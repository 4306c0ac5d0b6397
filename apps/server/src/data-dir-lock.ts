import { randomUUID } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { Config } from './config';

/**
 * PGlite is one process's database, and a data folder may be a volume shared by several
 * containers or hosts, where PIDs say nothing (both servers are PID 1). The holder of
 * `DATA_DIR/server.lock` keeps a lease on it by touching the file every few seconds; a starter
 * refuses while the lease is fresh, takes over a stale one, and a clean stop removes the file
 * (ADR 34). The PID is trusted only between processes of one PID namespace on one boot.
 */
export const DEFAULT_LEASE_MS = 15_000;

export type DataDirRole = 'server' | 'admin command';

export interface LeaseOptions {
  /** How long the lease lasts without a renewal; renewed every third of it. */
  leaseMs?: number;
  /** Called once if another process took the folder (this one stalled past its lease). */
  onLost?: (message: string) => void;
  /** Which machine (boot and PID namespace) and PID this process counts as: tests stand in for a container. */
  machine?: string;
  pid?: number;
}

interface LockContents {
  owner: string;
  role: DataDirRole;
  host: string;
  pid: number;
  url?: string;
  since: string;
  leaseMs: number;
  machine?: string;
  /** When the holding process started (its /proc start time): a reused PID is not the holder. */
  pidStart?: string;
}

export interface DataDirHolder {
  role: string;
  host?: string;
  pid?: number;
  url?: string;
  since?: string;
  /** Milliseconds since the last renewal. */
  age: number;
  leaseMs: number;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
  ) {
    super(
      `The data folder ${dataDir} is in use by ${describeHolder(holder)}.\n` +
        'The embedded database (PGlite) can be opened by one process only: stop that process first, ' +
        'or use PostgreSQL (DATABASE_URL), where several processes share one database.\n' +
        `If that process is gone (a container killed or a host lost), the folder frees itself ${seconds(holder.leaseMs)} after its last renewal (${seconds(holder.age)} ago).`,
    );
    this.name = 'DataDirInUseError';
  }
}

const seconds = (ms: number) => `${Number((Math.max(0, ms) / 1000).toFixed(1))} s`;

export function describeHolder(holder: DataDirHolder): string {
  const who = holder.role === 'admin command' ? 'an admin command' : `the portal ${holder.role}`;
  const where = holder.host ? ` on host ${holder.host}` : '';
  const details = [holder.pid === undefined ? '' : `pid ${holder.pid}`, holder.url ?? ''].filter(Boolean);
  const what = details.length ? ` (${details.join(', ')})` : '';
  return `${who}${where}${what}${holder.since ? `, since ${holder.since}` : ''}`;
}

const lockPath = (dataDir: string) => path.join(dataDir, 'server.lock');

/** This boot's PID namespace: PIDs compare only within it (null where there is no /proc). */
const localMachine = (() => {
  let cached: string | null | undefined;
  return () => {
    if (cached === undefined) {
      try {
        const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
        cached = `${boot}/${readlinkSync('/proc/self/ns/pid')}`;
      } catch {
        cached = null;
      }
    }
    return cached;
  };
})();

/** The leases this process holds: owner id to the identity it took them as. */
const heldHere = new Map<string, string>();
const identity = (me: { machine: string | null; pid: number }) => `${me.machine}/${me.pid}`;

/** A process's start time in clock ticks since boot (/proc/<pid>/stat field 22), or null. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

interface Seen {
  contents: Partial<LockContents> & { pid?: number; url?: string };
  mtimeMs: number;
}

/**
 * The lock file and its last renewal. Opened first and then asked for its time: on a network
 * volume the open revalidates the file's attributes, where a bare stat may answer from a cache.
 */
function readLock(file: string): Seen | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const mtimeMs = fstatSync(fd).mtimeMs;
    let contents: Seen['contents'] = {};
    try {
      contents = JSON.parse(readFileSync(fd, 'utf8'));
    } catch {
      // Being written, or damaged: judged by its age alone.
    }
    return { contents: contents && typeof contents === 'object' ? contents : {}, mtimeMs };
  } finally {
    closeSync(fd);
  }
}

function holderOf(seen: Seen, defaultLeaseMs: number): DataDirHolder {
  const { contents } = seen;
  return {
    role: typeof contents.role === 'string' ? contents.role : 'server',
    host: contents.host,
    pid: typeof contents.pid === 'number' ? contents.pid : undefined,
    url: typeof contents.url === 'string' ? contents.url : undefined,
    since: contents.since,
    age: Date.now() - seen.mtimeMs,
    leaseMs: typeof contents.leaseMs === 'number' && contents.leaseMs > 0 ? contents.leaseMs : defaultLeaseMs,
  };
}

/** Whether the lock still binds: 'held', or why it no longer does. */
function judge(seen: Seen, me: { machine: string | null; pid: number }, defaultLeaseMs: number) {
  const { contents } = seen;
  if (contents.owner && heldHere.get(contents.owner) === identity(me)) return 'held';
  if (!contents.owner && typeof contents.pid === 'number') {
    // Written by a version without leases, which never renews it: its PID is all there is.
    return contents.pid !== me.pid && alive(contents.pid) ? 'held' : 'stale';
  }
  if (me.machine && contents.machine === me.machine && typeof contents.pid === 'number') {
    // Same boot, same PID namespace: the PID is meaningful. Ours (and not held here) is a previous
    // life, and so is a PID now used by a process that started at another time. A live holder
    // holds, however long since its last renewal (a long migration can keep it busy).
    if (contents.pid === me.pid || !alive(contents.pid)) return 'stale';
    if (contents.pidStart && processStart(contents.pid) !== contents.pidStart) return 'stale';
    return 'held';
  }
  const holder = holderOf(seen, defaultLeaseMs);
  return holder.age > holder.leaseMs ? 'stale' : 'held';
}

/** Who holds the data folder, or null if nobody does (always null with DATABASE_URL). */
export function holderOfDataDir(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  options: LeaseOptions = {},
): DataDirHolder | null {
  if (config.databaseUrl) return null;
  const seen = readLock(lockPath(config.dataDir));
  const me = { machine: options.machine ?? localMachine(), pid: options.pid ?? process.pid };
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  return seen && judge(seen, me, leaseMs) === 'held' ? holderOf(seen, leaseMs) : null;
}

/**
 * Takes the data folder for this process, or throws DataDirInUseError naming the holder.
 * Returns the release, which a clean stop calls (process exit calls it too).
 */
export async function lockDataDir(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  who: { role: DataDirRole; url?: string },
  options: LeaseOptions = {},
): Promise<() => void> {
  if (config.databaseUrl) return () => {};
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const me = { machine: options.machine ?? localMachine(), pid: options.pid ?? process.pid };
  const file = lockPath(config.dataDir);
  mkdirSync(config.dataDir, { recursive: true });
  const contents: LockContents = {
    owner: randomUUID(),
    role: who.role,
    host: os.hostname(),
    pid: me.pid,
    ...(who.url ? { url: who.url } : {}),
    since: new Date().toISOString(),
    leaseMs,
    ...(me.machine ? { machine: me.machine } : {}),
    ...(me.pid === process.pid && processStart(me.pid) ? { pidStart: processStart(me.pid)! } : {}),
  };

  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(contents), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const seen = readLock(file);
    if (!seen && attempt < 20) continue;
    if (!seen) throw new Error(`The lock file ${file} keeps appearing and vanishing`);
    if (judge(seen, me, leaseMs) === 'held' || attempt >= 5) {
      throw new DataDirInUseError(config.dataDir, holderOf(seen, leaseMs));
    }
    if (!(await removeStale(file, seen))) await sleep(20 + Math.random() * 30);
  }
  // The create is atomic; check that nobody removed the file meanwhile as a stale lease.
  const mine = readLock(file);
  if (mine?.contents.owner !== contents.owner) {
    throw new DataDirInUseError(
      config.dataDir,
      holderOf(mine ?? { contents: {}, mtimeMs: Date.now() }, leaseMs),
    );
  }
  heldHere.set(contents.owner, identity(me));

  // Renewed from a thread of its own, so that a main thread busy for longer than the lease (a
  // migration, a large import) still renews it: only a process that is gone stops renewing.
  let lost = false;
  const renewer = new Worker(RENEWER, {
    eval: true,
    workerData: {
      file,
      owner: contents.owner,
      contents: JSON.stringify(contents),
      every: renewEvery(leaseMs),
    },
  });
  renewer.unref();
  renewer.on('message', () => {
    lost = true;
    void renewer.terminate();
    const now = readLock(file);
    options.onLost?.(
      `The data folder ${config.dataDir} was taken over by ${now ? describeHolder(holderOf(now, leaseMs)) : 'another process'} while this process held it.`,
    );
  });

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    void renewer.terminate();
    heldHere.delete(contents.owner);
    process.off('exit', release);
    if (!lost && readLock(file)?.contents.owner === contents.owner) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}

const renewEvery = (leaseMs: number) => Math.max(10, Math.floor(leaseMs / 3));

/**
 * The renewer's thread: touches the lock file while it is this owner's; writes it again if it
 * vanished (removed by hand); tells the main thread once another owner has it.
 */
const RENEWER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { file, owner, contents, every } = workerData;
const timer = setInterval(() => {
  try {
    let seen = null;
    try {
      seen = JSON.parse(fs.readFileSync(file, 'utf8')).owner ?? '';
    } catch (error) {
      if (error.code !== 'ENOENT') return; // being written: the next turn looks again
    }
    if (seen === owner) {
      const now = new Date();
      fs.utimesSync(file, now, now);
      return;
    }
    if (seen === null) {
      try {
        fs.writeFileSync(file, contents, { flag: 'wx' });
        return;
      } catch {}
    }
    clearInterval(timer);
    parentPort.postMessage('lost');
  } catch {
    // a passing file-system error: the next turn tries again
  }
}, every);
`;

/**
 * Removes a stale lock file, one starter at a time (a `.takeover` folder, created atomically, is
 * the turn), and only if it is still the lock that was judged stale. False if it was not removed.
 */
async function removeStale(file: string, judged: Seen): Promise<boolean> {
  const turn = `${file}.takeover`;
  try {
    mkdirSync(turn);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A starter that died in its turn leaves the folder behind; a turn lasts milliseconds.
    try {
      if (Date.now() - statSync(turn).mtimeMs > 5_000) rmdirSync(turn);
    } catch {
      // someone else cleared it
    }
    return false;
  }
  try {
    const now = readLock(file);
    if (!now) return true;
    if (now.mtimeMs !== judged.mtimeMs || now.contents.owner !== judged.contents.owner) return false;
    rmSync(file, { force: true });
    return true;
  } finally {
    rmdirSync(turn);
  }
}
