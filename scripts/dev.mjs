#!/usr/bin/env node
// `npm run dev`: the API with reload on :3000 and the web app with hot reload on :5173
// (which forwards /api to the API). Open http://localhost:5173. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  ['api', ['run', 'dev', '-w', 'apps/server']],
  ['web', ['run', 'dev', '-w', 'apps/web']],
].map(([name, args]) => {
  const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) console.log(`[${name}] ${line}`);
    });
  }
  child.on('exit', (code) => {
    console.log(`[${name}] exited (${code})`);
    stop();
  });
  return child;
});

function stop() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
