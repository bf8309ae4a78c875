/**
 * Gatehouse from an MCP client: the official MCP TypeScript SDK over Streamable HTTP, with a
 * gateway key as the Bearer token. Against `npm start` (it prints the gateway key):
 *
 *   GATEHOUSE_KEY=gh_... node --import tsx examples/mcp-client.ts
 *
 * GATEHOUSE_URL defaults to http://127.0.0.1:3000. It lists the tools the key can run, runs a
 * prompt through the gateway (execute_prompt) and asks where a prompt would be routed
 * (get_routing_advisory, a dry run). test/integration/mcp.test.ts runs it against a test stack.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export async function runMcpExample(opts: { url: string; key: string; log?: (line: string) => void }) {
  const log = opts.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const transport = new StreamableHTTPClientTransport(new URL('/api/v1/mcp', opts.url), {
    requestInit: { headers: { Authorization: `Bearer ${opts.key}` } },
  });
  const client = new Client({ name: 'gatehouse-example', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    log(`tools: ${tools.map((t) => t.name).join(', ')}`);
    const executed = await client.callTool({ name: 'execute_prompt', arguments: { prompt: 'Say hello from MCP' } });
    const answer = JSON.parse((executed.content as Array<{ text: string }>)[0]!.text);
    log(`execute_prompt: ${answer.content} (${answer.provider?.name}, ${answer.usage?.totalTokens} tokens)`);
    const advisory = await client.callTool({ name: 'get_routing_advisory', arguments: { prompt: 'Summarise a contract' } });
    const plan = JSON.parse((advisory.content as Array<{ text: string }>)[0]!.text).routingPlan;
    log(`get_routing_advisory: ${plan.provider} / ${plan.model}`);
    return { tools: tools.map((t) => t.name), answer, plan };
  } finally {
    await client.close();
  }
}

if (require.main === module) {
  const key = process.env.GATEHOUSE_KEY;
  if (!key) {
    process.stderr.write('Set GATEHOUSE_KEY to the gateway key `npm start` printed\n');
    process.exit(2);
  }
  runMcpExample({ url: process.env.GATEHOUSE_URL ?? 'http://127.0.0.1:3000', key }).catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
