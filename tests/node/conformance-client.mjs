#!/usr/bin/env node
// Client for @modelcontextprotocol/conformance client scenarios (0.1.16 and 0.2.0-alpha).
// The harness runs:  <command> <serverUrl>   with env MCP_CONFORMANCE_SCENARIO=<scenario>.
// Supported: initialize, tools_call (alias tools-call), elicitation-sep1034-client-defaults
// (alias elicitation-defaults). Exit 0 when the scenario's client side ran to the end, else 1.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const ALIASES = { 'tools-call': 'tools_call', 'elicitation-defaults': 'elicitation-sep1034-client-defaults' };
const TIMEOUT_MS = 20000;
const serverUrl = process.argv[process.argv.length - 1];
const raw = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const scenario = ALIASES[raw] ?? raw;
if (!['initialize', 'tools_call', 'elicitation-sep1034-client-defaults'].includes(scenario)) {
  console.error(`[conformance-client] unknown scenario ${JSON.stringify(raw)}`);
  process.exit(1);
}
console.error(`[conformance-client] scenario=${scenario} url=${serverUrl}`);

const elicits = scenario === 'elicitation-sep1034-client-defaults';
// SDK 1.32.2 fills schema defaults into an accepted form when form.applyDefaults is declared.
const capabilities = elicits ? { elicitation: { form: { applyDefaults: true } } } : {};
const client = new Client({ name: 'elicitguard-conformance-client', version: '0.0.1' }, { capabilities });
if (elicits) {
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    console.error('[conformance-client] elicitation/create', JSON.stringify(request.params));
    return { action: 'accept', content: {} };
  });
}

const watchdog = setTimeout(() => {
  console.error('[conformance-client] watchdog: giving up');
  process.exit(1);
}, TIMEOUT_MS * 3);
watchdog.unref();

const transport = new StreamableHTTPClientTransport(new URL(serverUrl));
try {
  await client.connect(transport, { timeout: TIMEOUT_MS });
  const tools = await client.listTools(undefined, { timeout: TIMEOUT_MS });
  console.error('[conformance-client] tools', JSON.stringify(tools.tools.map((t) => t.name)));
  if (scenario === 'tools_call') {
    const result = await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 3 } }, undefined, { timeout: TIMEOUT_MS });
    console.error('[conformance-client] result', JSON.stringify(result));
  } else if (elicits) {
    const result = await client.callTool({ name: 'test_client_elicitation_defaults', arguments: {} }, undefined,
      { timeout: TIMEOUT_MS });
    console.error('[conformance-client] result', JSON.stringify(result));
  }
  await transport.close();
  process.exit(0);
} catch (e) {
  console.error('[conformance-client] error', e);
  process.exit(1);
}
