// Checks Mermaid diagrams with Mermaid's own parser, for doclint (doclint/diagrams/mermaid.py).
//
// Run as `node mermaid_check.mjs INSTALL` with INSTALL the folder whose node_modules holds mermaid;
// mermaid is resolved from there only, never from the working folder or this file's folder.
// Reads JSON lines {"id": N, "text": "..."} on stdin and answers each, in order, with
// {"id": N, "ok": true} or {"id": N, "ok": false, "message": "...", "line": L or null}.
// Its first line says whether mermaid loaded: {"ready": true} or {"failed": "why"}.
// It ends when stdin does.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const MAX_MESSAGE = 2000;

// Mermaid sanitizes labels with DOMPurify, which needs a DOM: without one, its default instance
// has no `addHook` and mermaid fails on any label. Whether a diagram parses does not depend on the
// sanitized text, so DOMPurify is shown, while it loads, a window just real enough for it to build
// an instance that gives text back as it is; loading a DOM (jsdom) would cost more than mermaid.
const STAND_IN_WINDOW = {
  document: { nodeType: 9, implementation: {}, createElement: () => ({}) },
  Element: class {},
};

function say(answer) {
  process.stdout.write(JSON.stringify(answer) + '\n');
}

// The line of the diagram an error names: jison's location (1-based), its lexer's line
// (0-based), or Langium's first lexer or parser error.
function errorLine(error) {
  const hash = error && error.hash;
  if (hash && hash.loc && Number.isInteger(hash.loc.first_line)) return hash.loc.first_line;
  if (hash && Number.isInteger(hash.line)) return hash.line + 1;
  const result = error && error.result;
  if (result) {
    const lexed = (result.lexerErrors || [])[0];
    if (lexed && Number.isInteger(lexed.line)) return lexed.line;
    const parsed = (result.parserErrors || [])[0];
    if (parsed && parsed.token && Number.isInteger(parsed.token.startLine)) return parsed.token.startLine;
  }
  const said = /on line (\d+)/.exec(String((error && error.message) || ''));
  return said ? Number(said[1]) : null;
}

async function load(install) {
  const from = createRequire(join(install, 'package.json'));
  const entry = from.resolve('mermaid');
  globalThis.window = STAND_IN_WINDOW;
  let mermaid;
  try {
    ({ default: mermaid } = await import(pathToFileURL(entry).href));
  } finally {
    delete globalThis.window;
  }
  mermaid.initialize({ startOnLoad: false });
  return mermaid;
}

async function main() {
  let mermaid;
  try {
    mermaid = await load(process.argv[2]);
    say({ ready: true });
  } catch (error) {
    say({ failed: String((error && error.message) || error).slice(0, MAX_MESSAGE) });
    return;
  }
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    let request;
    try {
      request = JSON.parse(line);
    } catch {
      continue;
    }
    try {
      await mermaid.parse(String(request.text));
      say({ id: request.id, ok: true });
    } catch (error) {
      const message = String((error && error.message) || error).slice(0, MAX_MESSAGE);
      say({ id: request.id, ok: false, message, line: errorLine(error) });
    }
  }
}

await main();
process.exit(0);
