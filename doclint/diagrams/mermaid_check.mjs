// Checks Mermaid diagrams with Mermaid's own parser, for doclint (doclint/diagrams/mermaid.py).
//
// Run as `node mermaid_check.mjs INSTALL` with INSTALL the folder whose node_modules holds mermaid;
// mermaid is resolved from there only, never from the working folder or this file's folder.
// Mermaid's one-file bundle (dist/mermaid.js, what browsers load) is run, not its ES modules:
// it loads in half the time (one file to compile, not hundreds of modules to resolve), and being
// source text it can take the faster configuration copy below before it runs.
// Reads JSON lines {"id": N, "text": "..."} on stdin and answers each, in order, with
// {"id": N, "ok": true} or {"id": N, "ok": false, "message": "...", "line": L or null}.
// Its first line says whether mermaid loaded: {"ready": true} or {"failed": "why"}.
// It ends when stdin does.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Script } from 'node:vm';

const MAX_MESSAGE = 2000;

// Mermaid sanitizes labels with DOMPurify, which needs a DOM: without one, its default instance
// has no `addHook` and mermaid fails on any label. Whether a diagram parses does not depend on the
// sanitized text, so DOMPurify is shown, while it loads, a window just real enough for it to build
// an instance that gives text back as it is; loading a DOM (jsdom) would cost more than mermaid.
const STAND_IN_WINDOW = {
  document: { nodeType: 9, implementation: {}, createElement: () => ({}) },
  Element: class {},
};

// Mermaid copies its whole configuration (about 900 values) twice as each parse starts and again
// for every vertex, message and member it reads: most of a parse's time. copyConfig gives the same
// object as those copies (the same own keys in the same order, fresh objects on the same three
// levels, the rest shared) from spread copies V8 makes in a few steps, so that what a caller does
// with its copy stays its own as before. Only these exact lines of Mermaid 11.17.2 are replaced
// (the `{}` they copy into is new, so getting another new object back is the same); where one of
// them is missing, as in another release, Mermaid runs as it is.
const COPY = 'globalThis[Symbol.for("doclint.copyConfig")]';
const FASTER = [
  ['let cfg = assignWithDepth_default({}, siteCfg);', `let cfg = ${COPY}(siteCfg);`],
  ['return assignWithDepth_default({}, currentConfig);', `return ${COPY}(currentConfig);`],
];

// What Mermaid's assignWithDepth({}, config) gives (its depth 2): the values of `config` and of
// the objects in it copied into new objects, arrays copied without their repeated items, null
// values left out; an object three levels down is a shallow copy; symbol keys are not copied.
function copyConfig(config, depth = 2) {
  const copy = { ...config };
  for (const key of Object.getOwnPropertySymbols(copy)) delete copy[key];
  // Values read in one array and keys only when one is an object: the copies of most objects
  // here hold strings, numbers and booleans only.
  const values = Object.values(copy);
  let keys;
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (typeof value !== 'object') continue;
    keys ??= Object.keys(copy);
    const key = keys[index];
    if (value === null) delete copy[key];
    else if (Array.isArray(value)) copy[key] = withoutRepeats(value);
    else copy[key] = depth > 1 ? copyConfig(value, depth - 1) : Object.assign({}, value);
  }
  return copy;
}

function withoutRepeats(array) {
  const items = [];
  array.forEach((item) => {
    if (!items.includes(item)) items.push(item);
  });
  return items;
}

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
  const bundle = from.resolve('mermaid/dist/mermaid.js');
  let source = readFileSync(bundle, 'utf8');
  if (FASTER.every(([line]) => source.split(line).length === 2)) {
    for (const [line, faster] of FASTER) source = source.replace(line, faster);
    globalThis[Symbol.for('doclint.copyConfig')] = copyConfig;
  }
  globalThis.window = STAND_IN_WINDOW;
  try {
    new Script(source, { filename: bundle }).runInThisContext();
  } finally {
    delete globalThis.window;
  }
  const mermaid = globalThis.mermaid;
  if (!mermaid || typeof mermaid.parse !== 'function') throw new Error(`${bundle} defines no mermaid`);
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
