"""The style and script of the HTML report, inlined so the file is whole.

The script reads the report's aggregates (a JSON block of the page), decodes
the findings (gzipped columns in base64, html_data.FindingColumns) with the
browser's DecompressionStream, and draws what depends on the filters: the
folder tree, the findings and which rows of the tables show. The findings list
is virtual: only the rows in view are in the document, so a million findings
scroll as ten do. The filters act as you type and live in the address's
fragment (`#rule=DL201&cause=stopword-keyword/stop-word&kind=docs-of-docs&
folder=docs/x&q=word`), so a link or a browser test can open the report
filtered. Everything from the tree is set as text, never as HTML (a message's
`quoted` names go in <code> elements, as text).

`window.doclintReport` lets a browser test or bench/html_bench.py wait for the
findings (`ready`, a promise) and for the next filter applied (`applied()`).
"""

STYLE = r"""
:root { --fg: #1d232a; --muted: #5b6570; --line: #d8dde3; --bg: #f6f8fa; --hit: #fff4c2;
  --bar: 58px; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg);
  margin: 0; }
header { background: #24292f; color: #fff; padding: 14px 24px; }
header h1 { margin: 0 0 6px; font-size: 20px; }
header dl { display: flex; flex-wrap: wrap; gap: 4px 28px; margin: 0; }
header dl div { display: flex; gap: 8px; min-width: 0; }
header dt { color: #9da7b3; }
header dd { margin: 0; color: #e6edf3; overflow-wrap: anywhere; }
header code { color: #e6edf3; }
main { padding: 8px 24px 40px; max-width: 1400px; }
section { margin-top: 22px; }
/* Anchors land below the sticky filter bar, not under it. */
[id] { scroll-margin-top: calc(var(--bar) + 12px); }
h2 { font-size: 17px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; }
.card { background: var(--bg); border: 1px solid var(--line); border-radius: 6px;
  padding: 10px 16px; min-width: 150px; }
.card b { font-size: 22px; margin-right: 6px; }
.card span { color: var(--muted); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line);
  vertical-align: top; }
th { background: var(--bg); }
td.rule { white-space: nowrap; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td code { overflow-wrap: anywhere; }
code, pre { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px;
  margin-right: 6px; flex: none; }
#filters { position: sticky; top: 0; background: #fff; z-index: 2; padding: 10px 0;
  min-height: var(--bar); border-bottom: 1px solid var(--line); display: flex; gap: 10px;
  flex-wrap: wrap; align-items: center; }
#filters input, #filters select { font: inherit; padding: 4px 6px; }
#filters input { width: 240px; }
#filters select { max-width: 320px; }
#findings-count { color: var(--muted); }
.note { background: var(--hit); border: 1px solid #e3c75a; padding: 8px 12px;
  border-radius: 6px; }
.tree ul { list-style: none; margin: 0; padding-left: 18px; }
.tree > ul { padding-left: 0; }
.tree li > div { display: flex; gap: 8px; align-items: baseline; cursor: pointer;
  padding: 1px 0; }
.tree li > div:hover { background: var(--bg); }
.tree .toggle { width: 14px; color: var(--muted); }
.tree .count { color: var(--muted); font-variant-numeric: tabular-nums; min-width: 70px;
  text-align: right; }
.tree .bar { display: inline-flex; height: 9px; width: 160px; background: var(--bg); }
.tree .bar i { display: block; height: 9px; }
#findings-list { height: 70vh; min-height: 240px; overflow-y: auto; position: relative;
  border: 1px solid var(--line); border-radius: 6px; }
#findings-rows { position: relative; }
.finding { position: absolute; left: 0; right: 0; height: 60px; padding: 3px 10px;
  border-bottom: 1px solid var(--line); overflow: hidden; }
.finding > div, .finding > pre { white-space: pre; overflow: hidden; text-overflow: ellipsis;
  margin: 0; height: 18px; }
.finding .where { display: flex; align-items: center; gap: 6px;
  font: 12.5px/18px ui-monospace, Menlo, Consolas, monospace; }
.finding .where a { font-weight: 600; }
.finding .where span.at { overflow: hidden; text-overflow: ellipsis; }
.finding pre { color: var(--muted); line-height: 18px; }
.finding .message code, #causes td code { background: var(--bg); border-radius: 3px;
  padding: 0 2px; }
code i.tick { font-style: normal; color: #9aa4ae; }
#findings-empty { margin: 0; padding: 24px; text-align: center; color: var(--muted); }
details.rule { border-bottom: 1px solid var(--line); padding: 4px 0; }
details.rule summary { cursor: pointer; }
details.rule .doc { padding: 0 12px; }
details.rule .doc pre { background: var(--bg); padding: 8px; overflow-x: auto; }
.muted { color: var(--muted); }
button { font: inherit; }
svg text { font: 12px system-ui, sans-serif; fill: var(--fg); }
.charts { display: flex; flex-wrap: wrap; gap: 16px 40px; }
.charts figure { margin: 0; flex: 1 1 560px; max-width: 660px; }
.charts figcaption { font-weight: 600; margin-bottom: 4px; }
.charts svg { max-width: 100%; height: auto; display: block; }
.charts a:hover rect { opacity: 0.75; }
.charts a:hover text { text-decoration: underline; }
.legend { list-style: none; padding: 0; margin: 0 0 8px; display: flex; flex-wrap: wrap;
  gap: 2px 14px; }
.legend li { white-space: nowrap; }
.legend a { color: inherit; text-decoration: none; }
.legend a:hover { text-decoration: underline; }
"""

SCRIPT = r"""
"use strict";
const DATA = JSON.parse(document.getElementById("report-data").textContent);
const COLORS = {};
for (const r of DATA.rules) COLORS[r.code] = r.color;
const TOTAL = DATA.totals.findings;
const ROW = 60;            // px per finding, as .finding's height in the style
const OVERSCAN = 8;        // rows drawn above and below the view
const MAX_HEIGHT = 8e6;    // browsers cap an element's height; taller lists scroll scaled
const DEBOUNCE = 120;      // ms after the last keystroke before filtering
const NO_FILTER = {rule: "", cause: "", kind: "", folder: "", q: ""};
const FIELDS = {rule: "f-rule", cause: "f-cause", kind: "f-kind", folder: "f-folder", q: "f-text"};
const FILTERED = /^#(rule|cause|kind|folder|q)=/;
let filters = {...NO_FILTER};
const CAUSES = new Map(DATA.causes.map(c => [c.id, c]));
const KINDS = DATA.page_kinds.map(k => k.key);
let F = null;              // the findings, column by column, once decoded
let LOWER = null;          // lower-cased path and message tables, for the text filter
let hits = new Int32Array(0);
let appliedWaiters = [];
let readyDone;
window.doclintReport = {
  ready: new Promise(resolve => { readyDone = resolve; }),
  applied: () => new Promise(resolve => appliedWaiters.push(resolve)),
};

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "text") node.textContent = value; else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function n(count) { return count.toLocaleString("en"); }

function inFolder(path, folder) {
  const prefix = folder.endsWith("/") ? folder : folder + "/";
  return !folder || path === folder || path.startsWith(prefix);
}

async function decodePart(text) {
  let bytes;
  if (Uint8Array.fromBase64) {
    bytes = Uint8Array.fromBase64(text);
  } else {
    const binary = atob(text);
    bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  }
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

// The parts (html_data.PART_FINDINGS each) joined: one table of each kind, the
// indexes of each part shifted past the tables of the parts before it. Rules
// are few and named in many parts: each keeps one index, so that the rule
// filter compares numbers.
async function decodeFindings() {
  const parts = [];
  for (const block of document.querySelectorAll("script.report-findings")) {
    parts.push(await decodePart(block.textContent.trim()));
  }
  const count = parts.reduce((sum, part) => sum + part.count, 0);
  const found = {count, tables: {path: [], rule: [], cause: [], message: [], text: []},
                 pathKind: []};
  for (const name of ["path", "line", "column", "rule", "cause", "message", "text"]) {
    found[name] = new Int32Array(count);
  }
  const shared = {rule: new Map(), cause: new Map()};
  let at = 0;
  for (const part of parts) {
    const shift = {};
    for (const name of ["path", "message", "text"]) {
      const table = found.tables[name];
      shift[name] = table.length;
      for (const value of part.tables[name]) table.push(value);
    }
    for (const kind of part.path_kind) found.pathKind.push(kind);
    const renumber = {};
    for (const [name, index] of Object.entries(shared)) {
      renumber[name] = part.tables[name].map(value => {
        if (!index.has(value)) {
          index.set(value, found.tables[name].length);
          found.tables[name].push(value);
        }
        return index.get(value);
      });
    }
    for (const [name, column] of Object.entries(part.columns)) {
      const target = found[name];
      const by = shift[name] || 0;
      const mapped = renumber[name];
      for (let i = 0; i < column.length; i++) {
        const value = column[i];
        target[at + i] = mapped ? mapped[value] : (value < 0 ? value : value + by);
      }
    }
    at += part.count;
  }
  return found;
}

function lowerTables() {
  if (!LOWER) LOWER = {path: F.tables.path.map(s => s.toLowerCase()),
                       message: F.tables.message.map(s => s.toLowerCase())};
}

// Which findings match: each filter is judged once per distinct path or
// message (the tables), then the columns are read once.
function computeHits() {
  const rule = filters.rule ? F.tables.rule.indexOf(filters.rule) : null;
  const cause = filters.cause ? F.tables.cause.indexOf(filters.cause) : null;
  let pathIn = null;
  if (filters.folder || filters.kind) {
    const kind = KINDS.indexOf(filters.kind);
    pathIn = Uint8Array.from(F.tables.path, (p, i) =>
      inFolder(p, filters.folder) && (!filters.kind || F.pathKind[i] === kind));
  }
  let pathHas = null;
  let messageHas = null;
  if (filters.q) {
    lowerTables();
    const q = filters.q.toLowerCase();
    pathHas = Uint8Array.from(LOWER.path, p => p.includes(q));
    messageHas = Uint8Array.from(LOWER.message, m => m.includes(q));
  }
  const found = new Int32Array(F.count);
  let k = 0;
  for (let i = 0; i < F.count; i++) {
    if (rule !== null && F.rule[i] !== rule) continue;
    if (cause !== null && F.cause[i] !== cause) continue;
    const p = F.path[i];
    if (pathIn && !pathIn[p]) continue;
    if (pathHas && !(pathHas[p] || messageHas[F.message[i]])) continue;
    found[k++] = i;
  }
  hits = found.subarray(0, k);
}

// As html.message_html: every character as written, each pair of single
// backticks a <code> (a longer run is a fence the message shows, as text).
function messageNodes(message) {
  const singles = [];
  for (const run of message.matchAll(/`+/g)) if (run[0].length === 1) singles.push(run.index);
  const nodes = [];
  let at = 0;
  for (let k = 0; k + 1 < singles.length; k += 2) {
    const [start, end] = [singles[k], singles[k + 1] + 1];
    nodes.push(message.slice(at, start), el("code", {},
      el("i", {class: "tick", text: "`"}), message.slice(start + 1, end - 1),
      el("i", {class: "tick", text: "`"})));
    at = end;
  }
  nodes.push(message.slice(at));
  return nodes;
}

function findingRow(i, top) {
  const code = F.tables.rule[F.rule[i]];
  const path = F.tables.path[F.path[i]];
  const at = path + ":" + F.line[i] + ":" + F.column[i];
  const message = F.tables.message[F.message[i]];
  const swatch = el("span", {class: "swatch"});
  swatch.style.background = COLORS[code] || "#888";
  const node = el("div", {class: "finding", "data-code": code, "data-path": path},
    el("div", {class: "where"}, swatch,
      el("a", {href: "#rule-doc-" + code, text: code, "data-doc": code}),
      el("span", {class: "at", text: at, title: at})),
    el("div", {class: "message", title: message}, ...messageNodes(message)));
  if (F.text[i] >= 0) {
    node.append(el("pre", {text: F.line[i] + " | " + F.tables.text[F.text[i]]}));
  }
  node.style.top = top + "px";
  return node;
}

function drawRows() {
  const list = document.getElementById("findings-list");
  const rows = document.getElementById("findings-rows");
  const view = list.clientHeight;
  const total = hits.length * ROW;
  const height = Math.min(total, MAX_HEIGHT);
  rows.style.height = height + "px";
  // Where the view starts in the whole list (scaled when the list is taller than allowed).
  const start = height > view ? list.scrollTop * (total - view) / (height - view) : 0;
  const first = Math.max(0, Math.floor(start / ROW) - OVERSCAN);
  const last = Math.min(hits.length, Math.ceil((start + view) / ROW) + OVERSCAN);
  const drawn = [];
  for (let k = first; k < last; k++) {
    drawn.push(findingRow(hits[k], list.scrollTop + k * ROW - start));
  }
  rows.replaceChildren(...drawn);
  const empty = document.getElementById("findings-empty");
  empty.hidden = hits.length > 0;
  if (!hits.length) {
    empty.textContent = TOTAL
      ? "No finding matches " + filterNames().join(", ") + ". "
      : "No findings: the run found nothing wrong.";
    if (TOTAL) {
      const clear = el("button", {type: "button", text: "Clear filters"});
      clear.addEventListener("click", clearFilters);
      empty.append(clear);
    }
  }
}

// The filters set, as the count line and the empty list name them.
function filterNames() {
  const set = [];
  if (filters.rule) set.push("rule " + filters.rule);
  if (filters.cause) {
    const cause = CAUSES.get(filters.cause);
    set.push("cause \u201c" + (cause ? cause.cause : filters.cause) + "\u201d");
  }
  if (filters.kind) {
    const kind = DATA.page_kinds.find(k => k.key === filters.kind);
    set.push("pages: " + (kind ? kind.label : filters.kind));
  }
  if (filters.folder) set.push("folder " + filters.folder);
  if (filters.q) set.push("text \u201c" + filters.q + "\u201d");
  return set;
}

function drawCount() {
  const line = document.getElementById("findings-count");
  const set = filterNames();
  if (!F) {
    line.textContent = "Reading " + n(TOTAL) + " findings\u2026";
    return;
  }
  line.setAttribute("data-count", String(hits.length));
  line.textContent = set.length
    ? n(hits.length) + " of " + n(TOTAL) + " findings match " + set.join(", ")
    : "All " + n(TOTAL) + " findings";
}

function showFilters() {
  for (const [key, id] of Object.entries(FIELDS)) document.getElementById(id).value = filters[key];
}

function readHash() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  filters = {...NO_FILTER};
  for (const key of Object.keys(NO_FILTER)) filters[key] = params.get(key) || "";
  showFilters();
}

function writeHash() {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  // Slashes kept as they are: `cause=stopword-keyword/stop-word` reads as the links write it.
  const hash = params.toString().replace(/%2F/g, "/");
  // An anchor (#rule-doc-DL201) stays while no filter is set.
  if (hash || FILTERED.test(location.hash)) history.replaceState(null, "", "#" + hash);
}

// As parent_folder in html_data.py: "" holds every folder, "/" included.
function parentOf(path) {
  if (!path) return null;
  if (path === "/") return "";
  const cut = path.lastIndexOf("/");
  return cut > 0 ? path.slice(0, cut) : (cut === 0 ? "/" : "");
}

const FOLDERS = new Map();
const CHILDREN = new Map();
for (const [path, count, rules] of DATA.folders) {
  FOLDERS.set(path, {count, rules});
  const parent = parentOf(path);
  if (parent !== null) {
    if (!CHILDREN.has(parent)) CHILDREN.set(parent, []);
    CHILDREN.get(parent).push(path);
  }
}

function folderCount(path) {
  const entry = FOLDERS.get(path);
  return filters.rule ? (entry.rules[filters.rule] || 0) : entry.count;
}

let TOP = 1;
function treeNode(path) {
  const entry = FOLDERS.get(path);
  const kids = (CHILDREN.get(path) || []).filter(p => folderCount(p) > 0)
    .sort((a, b) => folderCount(b) - folderCount(a) || (a < b ? -1 : 1));
  const bar = el("span", {class: "bar"});
  for (const [code, count] of Object.entries(entry.rules)) {
    if (filters.rule && code !== filters.rule) continue;
    const i = el("i", {title: code + ": " + n(count)});
    i.style.width = (160 * count / Math.max(1, TOP)) + "px";
    i.style.background = COLORS[code] || "#888";
    bar.append(i);
  }
  const toggle = el("span", {class: "toggle", text: kids.length ? "\u25b8" : ""});
  const name = path === "" ? "every folder" : path.slice(path.lastIndexOf("/") + 1) || path;
  const row = el("div", {"data-folder": path}, toggle,
    el("span", {class: "count", text: n(folderCount(path))}), bar,
    el("span", {text: name + (kids.length ? "/" : "")}));
  const li = el("li", {}, row);
  let open = false;
  let sub = null;
  const expand = () => {
    open = !open;
    toggle.textContent = kids.length ? (open ? "\u25be" : "\u25b8") : "";
    if (open && !sub && kids.length) {
      sub = el("ul");
      kids.forEach(k => sub.append(treeNode(k)));
      li.append(sub);
    }
    if (sub) sub.hidden = !open;
  };
  toggle.addEventListener("click", e => { e.stopPropagation(); expand(); });
  row.addEventListener("click", () => {
    filters.folder = path;
    document.getElementById("f-folder").value = path;
    apply();
  });
  // Open the way to the filtered folder, and any folder that is its parent's only child.
  const only = (CHILDREN.get(parentOf(path)) || []).length === 1;
  if (kids.length && (path === "" || only || (inFolder(filters.folder, path) &&
      filters.folder !== path))) expand();
  return li;
}

function drawTree() {
  const root = document.getElementById("tree");
  root.replaceChildren();
  if (!FOLDERS.has("")) return;
  TOP = Math.max(1, folderCount(""));
  root.append(el("ul", {}, treeNode("")));
}

function filterRows() {
  const q = filters.q.toLowerCase();
  for (const row of document.querySelectorAll("[data-filter-row]")) {
    const code = row.getAttribute("data-code");
    const cause = row.getAttribute("data-cause");
    const codes = (row.getAttribute("data-codes") || "").split(" ");
    const path = row.getAttribute("data-path");
    row.hidden = Boolean((filters.rule && code && code !== filters.rule) ||
      (filters.cause && cause && cause !== filters.cause) ||
      (filters.rule && codes[0] && !codes.includes(filters.rule)) ||
      (path !== null && !inFolder(path, filters.folder)) ||
      (q && !row.textContent.toLowerCase().includes(q)));
  }
}

let lastTree = null;
function apply() {
  writeHash();
  const treeKey = filters.rule + "\n" + filters.folder;
  if (treeKey !== lastTree) { drawTree(); lastTree = treeKey; }
  filterRows();
  if (F) {
    computeHits();
    document.getElementById("findings-list").scrollTop = 0;
    drawRows();
  }
  drawCount();
  const waiters = appliedWaiters;
  appliedWaiters = [];
  waiters.forEach(resolve => resolve(hits.length));
}

let pending = 0;
function applySoon() {
  clearTimeout(pending);
  pending = setTimeout(apply, DEBOUNCE);
}

function on(id, event, handler) {
  document.getElementById(id).addEventListener(event, handler);
}
on("f-rule", "change", e => { filters.rule = e.target.value; apply(); });
on("f-cause", "change", e => { filters.cause = e.target.value; apply(); });
on("f-kind", "change", e => { filters.kind = e.target.value; apply(); });
on("f-folder", "input", e => {
  filters.folder = e.target.value.trim().replace(/\/+$/, "");
  applySoon();
});
on("f-text", "input", e => { filters.q = e.target.value; applySoon(); });
function clearFilters() {
  filters = {...NO_FILTER};
  showFilters();
  apply();
}
on("f-clear", "click", clearFilters);
let frame = 0;
on("findings-list", "scroll", () => {
  if (!frame) frame = requestAnimationFrame(() => { frame = 0; drawRows(); });
});
window.addEventListener("resize", () => { if (F) drawRows(); });
window.addEventListener("hashchange", () => {
  const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target && target.tagName === "DETAILS") target.open = true;
  if (FILTERED.test(location.hash) || location.hash === "") { readHash(); apply(); }
});
if (document.getElementById(decodeURIComponent(location.hash.slice(1))) === null) readHash();
apply();
decodeFindings().then(found => {
  F = found;
  apply();
  document.body.setAttribute("data-ready", "1");
  readyDone(F.count);
  // Ready for the first keystroke of the text filter before it comes.
  (window.requestIdleCallback || setTimeout)(lowerTables);
}).catch(error => {
  document.getElementById("findings-count").textContent =
    "The findings could not be read in this browser: " + error;
  console.error(error);
});
"""
