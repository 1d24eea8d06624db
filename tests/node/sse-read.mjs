#!/usr/bin/env node
// Reads an SSE byte stream on stdin the way the TypeScript SDK's clients do (TextDecoderStream, then
// eventsource-parser's EventSourceParserStream) and prints the data of each event, as a JSON array.
// Tests use it to see what a real client would read from the bytes the proxy wrote.
import { EventSourceParserStream } from 'eventsource-parser/stream';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const body = new Blob(chunks).stream();
const events = [];
const reader = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
for (;;) {
  const { value, done } = await reader.read();
  if (done) break;
  events.push(value.data);
}
process.stdout.write(JSON.stringify(events));
