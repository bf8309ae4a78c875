// The official openai SDK pointed at Gatehouse (README, "Use the openai SDK"). From the repository
// root after `npm start`:  GATEHOUSE_KEY=<the printed gateway key> node examples/openai-sdk.mjs
import OpenAI from 'openai';

const client = new OpenAI({
  baseURL: process.env.GATEHOUSE_URL ?? 'http://127.0.0.1:3000/v1',
  apiKey: process.env.GATEHOUSE_KEY,
});

// model "auto": the company's routing policy (or its default provider) chooses.
const answer = await client.chat.completions.create({
  model: 'auto',
  messages: [{ role: 'user', content: 'Hello from the openai SDK' }],
});
console.log(answer.choices[0].message.content);

// Streamed, with the usage chunk at the end.
const stream = await client.chat.completions.create({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'Stream this answer, please' }],
  stream: true,
  stream_options: { include_usage: true },
});
for await (const chunk of stream) {
  process.stdout.write(chunk.choices[0]?.delta.content ?? '');
  if (chunk.usage) console.log(`\n${chunk.usage.total_tokens} tokens`);
}
