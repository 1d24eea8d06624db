#!/usr/bin/env node
// A scripted MCP client (TS SDK 1.32.2) for elicitguard's Node peer tests.
//
// Usage:
//   node everything-client.mjs stdio ACTIONS_JSON -- COMMAND [ARG...]
//   node everything-client.mjs http  ACTIONS_JSON URL      (Streamable HTTP, e.g. http://127.0.0.1:P/mcp)
//   node everything-client.mjs sse   ACTIONS_JSON URL      (deprecated HTTP+SSE, e.g. http://127.0.0.1:P/sse)
//
// ACTIONS_JSON is a JSON list; each item is one of
//   {"call": TOOL, "arguments": {...}}   call a tool
//   {"list": true}                       list tools
// Before the first action the client waits (bounded) until every tool named in a "call" is listed:
// server-everything registers its elicitation tools only after notifications/initialized.
//
// It declares {elicitation: {form: {}, url: {}}} and answers every elicitation/create: form ->
// accept with content, url -> accept. For each action it prints ONE JSON line on stdout:
//   {"action": i, "call": TOOL, "elicitations": [{mode, url, message, elicitationId, fields}],
//    "result": {"isError": bool, "text": [..]}}            on a tool result, or
//   {"action": i, "call": TOOL, "elicitations": [...], "error": {"code", "message", "data"}}
// Diagnostics go to stderr. Env: EVERYTHING_CLIENT_TIMEOUT_MS (per request, default 20000),
// EVERYTHING_CLIENT_KEEP_SESSION=1 (http: close without terminating the session).
// Exit 0 when every action produced a line, 2 on a usage or setup error.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const REQUEST_TIMEOUT_MS = Number(process.env.EVERYTHING_CLIENT_TIMEOUT_MS || 20000);
const FORM_CONTENT = { name: 'Alice Example', check: true, integer: 7, untitledSingleSelectEnum: 'Joey' };

function usage(message) {
  console.error(`everything-client: ${message}`);
  console.error('usage: everything-client.mjs stdio|http|sse ACTIONS_JSON (URL | -- COMMAND [ARG...])');
  process.exit(2);
}

const [transportName, actionsText, ...rest] = process.argv.slice(2);
if (!['stdio', 'http', 'sse'].includes(transportName)) usage(`unknown transport ${transportName}`);
let actions;
try {
  actions = JSON.parse(actionsText ?? '');
} catch (e) {
  usage(`ACTIONS_JSON is not JSON: ${e.message}`);
}
if (!Array.isArray(actions)) usage('ACTIONS_JSON must be a list');

let transport;
if (transportName === 'stdio') {
  if (rest[0] !== '--' || rest.length < 2) usage('stdio needs -- COMMAND [ARG...]');
  const [command, ...args] = rest.slice(1);
  // env: the SDK's default would strip PYTHONPATH and friends; the child gets ours.
  transport = new StdioClientTransport({ command, args, env: { ...process.env }, stderr: 'inherit' });
} else {
  if (rest.length !== 1) usage(`${transportName} needs exactly one URL`);
  const url = new URL(rest[0]);
  transport = transportName === 'http' ? new StreamableHTTPClientTransport(url) : new SSEClientTransport(url);
}

const client = new Client({ name: 'elicitguard-everything-client', version: '0.0.1' },
  { capabilities: { elicitation: { form: {}, url: {} } } });

let seen = [];
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  const p = request.params ?? {};
  const record = {
    mode: p.mode ?? null,
    url: p.url ?? null,
    message: p.message ?? null,
    elicitationId: p.elicitationId ?? null,
    fields: p.requestedSchema?.properties ? Object.keys(p.requestedSchema.properties) : null,
  };
  seen.push(record);
  console.error('[everything-client] elicitation/create', JSON.stringify(record));
  if (p.mode === 'url') return { action: 'accept' };
  return { action: 'accept', content: FORM_CONTENT };
});

function emit(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

function errorInfo(e) {
  return { code: e?.code ?? null, message: String(e?.message ?? e), data: e?.data ?? null };
}

async function waitForTools(names) {
  const deadline = Date.now() + REQUEST_TIMEOUT_MS;
  let listed = [];
  for (;;) {
    listed = (await client.listTools(undefined, { timeout: REQUEST_TIMEOUT_MS })).tools.map((t) => t.name);
    if (names.every((n) => listed.includes(n))) return;
    if (Date.now() > deadline) throw new Error(`tools never listed: ${names.filter((n) => !listed.includes(n))}; have ${listed}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const watchdog = setTimeout(() => {
  console.error('[everything-client] watchdog: giving up');
  process.exit(3);
}, REQUEST_TIMEOUT_MS * (actions.length + 3));
watchdog.unref();

try {
  await client.connect(transport, { timeout: REQUEST_TIMEOUT_MS });
  await waitForTools([...new Set(actions.filter((a) => a.call).map((a) => a.call))]);
} catch (e) {
  console.error('[everything-client] setup failed:', e);
  emit({ setup_error: errorInfo(e) });
  process.exit(2);
}

for (const [i, action] of actions.entries()) {
  seen = [];
  const line = { action: i };
  try {
    if (action.list) {
      line.tools = (await client.listTools(undefined, { timeout: REQUEST_TIMEOUT_MS })).tools.map((t) => t.name);
    } else {
      line.call = action.call;
      const result = await client.callTool({ name: action.call, arguments: action.arguments ?? {} }, undefined,
        { timeout: REQUEST_TIMEOUT_MS });
      line.result = {
        isError: Boolean(result.isError),
        text: (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text),
      };
    }
  } catch (e) {
    line.error = errorInfo(e);
  }
  line.elicitations = seen;
  emit(line);
}

try {
  // EVERYTHING_CLIENT_KEEP_SESSION=1: hang up without DELETE, leaving the GET stream to the transport's close.
  if (transportName === 'http' && !process.env.EVERYTHING_CLIENT_KEEP_SESSION) await transport.terminateSession();
} catch (e) {
  console.error('[everything-client] terminateSession:', e.message);
}
try {
  await client.close();
} catch (e) {
  console.error('[everything-client] close:', e.message);
}
process.exit(0);
