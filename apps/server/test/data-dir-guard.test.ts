import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../src/config';
import { lockDataDir } from '../src/runtime';

/**
 * PGlite is one process's database (ADR 34): the data folder's lease must hold between two
 * containers that share a volume (both PID 1, each in its own PID namespace), be taken over
 * once a killed holder's lease is stale, and be freed at once by a clean stop.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'portal-guard-'));
const configFor = (dataDir: string) => ({ dataDir, databaseUrl: undefined }) as Config;
const lockPath = (dataDir: string) => path.join(dataDir, 'server.lock');

const releases: Array<() => void> = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(async () => {
  for (const release of releases.splice(0)) release();
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
});

async function hold(...args: Parameters<typeof lockDataDir>) {
  const release = await lockDataDir(...args);
  releases.push(release);
  return release;
}

/** A second process (test/helpers/data-dir-holder.ts) that answers one JSON line per command. */
async function holderProcess(dataDir: string, options: Record<string, unknown> = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/helpers/data-dir-holder.ts', dataDir, JSON.stringify(options)],
    { cwd: serverDir, env: { ...process.env, NODE_OPTIONS: '' } },
  );
  children.push(child);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the holder process ended without answering');
    return JSON.parse(line.value) as { ready?: boolean; held?: boolean; pid?: number; message?: string };
  };
  await next();
  return {
    child,
    pid: child.pid as number,
    lock: () => {
      child.stdin.write('lock\n');
      return next();
    },
    exit: async () => {
      child.stdin.write('exit\n');
      await new Promise((resolve) => child.once('exit', resolve));
    },
    kill9: async () => {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

describe('the data folder guard', () => {
  it('keeps the folder while the holder is too busy to renew it (a long migration), across containers', async () => {
    const dataDir = tmp();
    await hold(configFor(dataDir), { role: 'server' }, { machine: 'container-a', leaseMs: 300 });
    // The main thread does nothing for three lease periods; the renewal runs on its own thread.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
    await expect(
      lockDataDir(configFor(dataDir), { role: 'server' }, { machine: 'container-b', leaseMs: 300 }),
    ).rejects.toThrow(/is in use by the portal server/);
  });

  it('does not take the folder from a live holder on this machine that has stopped renewing', async () => {
    const dataDir = tmp();
    const other = await holderProcess(dataDir, { leaseMs: 300 });
    expect(await other.lock()).toMatchObject({ held: true });
    // Stopped (SIGSTOP): alive, renewing nothing, its lease long past.
    process.kill(other.pid, 'SIGSTOP');
    try {
      await sleep(700);
      await expect(lockDataDir(configFor(dataDir), { role: 'server' }, { leaseMs: 300 })).rejects.toThrow(
        /is in use by the portal server/,
      );
    } finally {
      process.kill(other.pid, 'SIGCONT');
    }
  });

  it('refuses a second holder from another container even when both are PID 1', async () => {
    const dataDir = tmp();
    await hold(
      configFor(dataDir),
      { role: 'server', url: 'http://a.test' },
      { machine: 'container-a', pid: 1 },
    );
    const second = lockDataDir(
      configFor(dataDir),
      { role: 'server', url: 'http://b.test' },
      { machine: 'container-b', pid: 1 },
    );
    await expect(second).rejects.toThrow(
      /in use by the portal server on host \S+ \(pid 1, http:\/\/a\.test\)/,
    );
    await expect(second).rejects.toThrow(/since \d{4}-\d\d-\d\dT/);
    await expect(second).rejects.toThrow(/stop that process/);
  });

  it('refuses a second process whose own PID is the one in the lock file (the container case)', async () => {
    const dataDir = tmp();
    await hold(configFor(dataDir), { role: 'server', url: 'http://parent.test' });
    const other = await holderProcess(dataDir);
    // What a holder in another container (its own PID namespace) leaves: the starter's PID.
    const lock = JSON.parse(readFileSync(lockPath(dataDir), 'utf8'));
    writeFileSync(
      lockPath(dataDir),
      JSON.stringify({ ...lock, pid: other.pid, machine: 'another-container' }),
    );
    const answer = await other.lock();
    expect(answer.held).toBe(false);
    expect(answer.message).toContain(`(pid ${other.pid}, http://parent.test)`);
    expect(answer.message).toContain(`${dataDir} is in use`);
  }, 30_000);

  it('refuses while the holder renews its lease, however long it has held the folder', async () => {
    const dataDir = tmp();
    await hold(
      configFor(dataDir),
      { role: 'server', url: 'http://a.test' },
      { machine: 'container-a', leaseMs: 300 },
    );
    await sleep(800);
    await expect(
      lockDataDir(configFor(dataDir), { role: 'admin command' }, { machine: 'container-b', leaseMs: 300 }),
    ).rejects.toThrow(/in use by the portal server/);
  });

  it('takes over the lease of a holder killed in another container once the lease is stale', async () => {
    const dataDir = tmp();
    const other = await holderProcess(dataDir, { machine: 'container-a', leaseMs: 500 });
    expect((await other.lock()).held).toBe(true);
    await other.kill9();

    const mine = { machine: 'container-b' };
    await expect(
      lockDataDir(configFor(dataDir), { role: 'server', url: 'http://b.test' }, mine),
    ).rejects.toThrow(/frees itself 0\.5 s after its last renewal/);
    await sleep(600);
    await hold(configFor(dataDir), { role: 'server', url: 'http://b.test' }, mine);
    expect(JSON.parse(readFileSync(lockPath(dataDir), 'utf8'))).toMatchObject({ url: 'http://b.test' });
  }, 30_000);

  it('takes over at once from a holder on this machine that is no longer running', async () => {
    const dataDir = tmp();
    const other = await holderProcess(dataDir);
    expect((await other.lock()).held).toBe(true);
    await other.kill9();
    await hold(configFor(dataDir), { role: 'server', url: 'http://b.test' });
  }, 30_000);

  it('frees the folder at once on a clean stop, and when the holder exits without releasing', async () => {
    const dataDir = tmp();
    const release = await lockDataDir(configFor(dataDir), { role: 'server' }, { machine: 'container-a' });
    release();
    expect(existsSync(lockPath(dataDir))).toBe(false);
    const other = await holderProcess(dataDir, { machine: 'container-a' });
    expect((await other.lock()).held).toBe(true);
    await other.exit();
    expect(existsSync(lockPath(dataDir))).toBe(false);
    await hold(configFor(dataDir), { role: 'server' }, { machine: 'container-b' });
  }, 30_000);

  it('tells the holder when another process has taken the folder, and leaves that lease alone', async () => {
    const dataDir = tmp();
    const onLost = vi.fn();
    const release = await hold(configFor(dataDir), { role: 'server' }, { leaseMs: 300, onLost });
    const lock = JSON.parse(readFileSync(lockPath(dataDir), 'utf8'));
    const theirs = JSON.stringify({ ...lock, owner: 'someone-else' });
    writeFileSync(lockPath(dataDir), theirs);
    await vi.waitFor(() => expect(onLost).toHaveBeenCalledOnce(), { timeout: 2_000 });
    release();
    expect(readFileSync(lockPath(dataDir), 'utf8')).toBe(theirs);
  });

  it('the server refuses to start on a held folder and says who holds it and what to do', async () => {
    const dataDir = tmp();
    await hold(
      configFor(dataDir),
      { role: 'server', url: 'http://a.test' },
      { machine: 'container-a', pid: 1 },
    );
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${dataDir} is in use by the portal server on host`);
    expect(result.stderr).toContain('(pid 1, http://a.test)');
    expect(result.stderr).toContain('DATABASE_URL');
  }, 30_000);
});
