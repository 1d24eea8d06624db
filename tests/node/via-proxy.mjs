#!/usr/bin/env node
// Puts elicitguard between a conformance harness and its client:
//   conformance client --command "node via-proxy.mjs <client command...>" --scenario X
// The harness appends the scenario server's URL as the last argument. This wrapper starts
//   $ELICITGUARD_PYTHON -m elicitguard http --listen 127.0.0.1:0 --upstream <that exact URL>
// (cwd and PYTHONPATH = $ELICITGUARD_ROOT; the config, if any, comes from $ELICITGUARD_CONFIG),
// reads the port from the proxy's "elicitguard: listening on http://HOST:PORT" stderr line, runs the
// client command with http://127.0.0.1:PORT/mcp as its last argument, stops the proxy, and exits
// with the client's exit code (1 if the proxy never came up or the client died of a signal).
import { spawn } from 'node:child_process';
import path from 'node:path';

const STARTUP_MS = 20000;
const WATCHDOG_MS = Number(process.env.VIA_PROXY_TIMEOUT_MS || 90000);
const args = process.argv.slice(2);
if (args.length < 2) {
  console.error('usage: via-proxy.mjs CLIENT_COMMAND [ARG...] SERVER_URL');
  process.exit(2);
}
const upstream = args.pop();
const clientCommand = args;
const python = process.env.ELICITGUARD_PYTHON || 'python3';
const root = process.env.ELICITGUARD_ROOT || path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const env = { ...process.env, PYTHONPATH: [root, process.env.PYTHONPATH].filter(Boolean).join(path.delimiter) };

const proxy = spawn(python, ['-m', 'elicitguard', 'http', '--listen', '127.0.0.1:0', '--upstream', upstream],
  { cwd: root, env, stdio: ['ignore', 'inherit', 'pipe'] });
let child = null;
let finished = false;

function stopProxy() {
  if (proxy.exitCode === null && proxy.signalCode === null) proxy.kill('SIGTERM');
}

function finish(code) {
  if (finished) return;
  finished = true;
  stopProxy();
  // Wait (bounded) for the proxy to go, so nothing outlives the harness's run.
  const force = setTimeout(() => { proxy.kill('SIGKILL'); process.exit(code); }, 3000);
  if (proxy.exitCode !== null || proxy.signalCode !== null) process.exit(code);
  proxy.once('exit', () => { clearTimeout(force); process.exit(code); });
}

for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(sig, () => {
    if (child && child.exitCode === null) child.kill('SIGTERM');
    finish(143);
  });
}
setTimeout(() => {
  console.error('[via-proxy] watchdog: giving up');
  if (child && child.exitCode === null) child.kill('SIGKILL');
  finish(1);
}, WATCHDOG_MS).unref();

const port = await new Promise((resolve) => {
  let buffer = '';
  const timer = setTimeout(() => { console.error('[via-proxy] proxy did not report a port in time'); resolve(null); }, STARTUP_MS);
  proxy.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    if (buffer === null) return;
    buffer += chunk.toString();
    const match = buffer.match(/elicitguard: listening on http:\/\/[^\s:]+:(\d+)/);
    if (match) {
      buffer = null;
      clearTimeout(timer);
      resolve(match[1]);
    }
  });
  proxy.once('exit', (code, signal) => {
    if (buffer === null) return; // the port was found: this is the normal shutdown, not an early exit
    console.error(`[via-proxy] proxy exited early (code ${code}, signal ${signal})`);
    clearTimeout(timer);
    resolve(null);
  });
});
if (port === null) finish(1);
else {
  const target = `http://127.0.0.1:${port}/mcp`;
  console.error(`[via-proxy] ${upstream} via ${target}`);
  child = spawn(clientCommand[0], [...clientCommand.slice(1), target], { stdio: 'inherit', env: process.env });
  child.once('error', (e) => { console.error('[via-proxy] cannot start client:', e.message); finish(1); });
  child.once('exit', (code) => finish(code ?? 1));
}
