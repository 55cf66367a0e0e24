"""The style and script of the HTML report, inlined so the file is whole.

The script reads the report's data (a JSON block of the page) and draws what
depends on the filters: the folder tree, the findings and which rows of the
tables show. The filters live in the URL's fragment (`#rule=DL201&folder=docs/x
&q=word`), so a link or a browser test can open the report filtered.
"""

STYLE = r"""
:root { --fg: #1d232a; --muted: #5b6570; --line: #d8dde3; --bg: #f6f8fa; --hit: #fff4c2; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg);
  margin: 0; }
header { background: #24292f; color: #fff; padding: 14px 24px; }
header h1 { margin: 0; font-size: 20px; }
header p { margin: 4px 0 0; color: #c9d1d9; }
main { padding: 8px 24px 40px; max-width: 1400px; }
section { margin-top: 22px; }
h2 { font-size: 17px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; }
.card { background: var(--bg); border: 1px solid var(--line); border-radius: 6px;
  padding: 10px 16px; min-width: 150px; }
.card b { display: block; font-size: 22px; }
.card span { color: var(--muted); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line);
  vertical-align: top; }
th { background: var(--bg); }
td.rule { white-space: nowrap; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
code, pre { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px;
  margin-right: 6px; }
#filters { position: sticky; top: 0; background: #fff; z-index: 2; padding: 10px 0;
  border-bottom: 1px solid var(--line); display: flex; gap: 10px; flex-wrap: wrap;
  align-items: center; }
#filters input, #filters select { font: inherit; padding: 4px 6px; }
#filters input[type=search] { width: 260px; }
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
.finding { border-bottom: 1px solid var(--line); padding: 6px 0; }
.finding .where { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; }
.finding pre { background: var(--bg); margin: 4px 0 0; padding: 4px 8px; overflow-x: auto; }
.finding pre .this { background: var(--hit); }
details.rule pre { white-space: pre-wrap; background: var(--bg); padding: 8px; }
.muted { color: var(--muted); }
button { font: inherit; }
svg text { font: 12px system-ui, sans-serif; fill: var(--fg); }
"""

SCRIPT = r"""
"use strict";
const DATA = JSON.parse(document.getElementById("report-data").textContent);
const COLORS = {};
for (const r of DATA.rules) COLORS[r.code] = r.color;
const PAGE = 200;
let shown = PAGE;
let filters = {rule: "", folder: "", q: ""};

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "text") node.textContent = value; else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function inFolder(path, folder) {
  const prefix = folder.endsWith("/") ? folder : folder + "/";
  return !folder || path === folder || path.startsWith(prefix);
}

function matches(f) {
  if (filters.rule && f.code !== filters.rule) return false;
  if (!inFolder(f.path, filters.folder)) return false;
  if (filters.q) {
    const q = filters.q.toLowerCase();
    if (!(f.message.toLowerCase().includes(q) || f.path.toLowerCase().includes(q))) return false;
  }
  return true;
}

function readHash() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  filters = {rule: params.get("rule") || "", folder: params.get("folder") || "",
             q: params.get("q") || ""};
  document.getElementById("f-rule").value = filters.rule;
  document.getElementById("f-folder").value = filters.folder;
  document.getElementById("f-text").value = filters.q;
}

function writeHash() {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  history.replaceState(null, "", "#" + params.toString());
}

function frame(f) {
  const [first, lines] = f.frame;
  const pre = el("pre");
  const width = String(first + lines.length - 1).length;
  lines.forEach((text, i) => {
    const number = first + i;
    const span = el("span", {text: String(number).padStart(width) + " | " + text + "\n"});
    if (number === f.line) {
      span.className = "this";
      pre.append(span, el("span", {text: " ".repeat(width) + " | " +
        " ".repeat(Math.max(0, f.column - 1)) + "^\n"}));
    } else {
      pre.append(span);
    }
  });
  return pre;
}

function drawFindings() {
  const list = document.getElementById("findings-list");
  list.replaceChildren();
  const hits = DATA.findings.filter(matches);
  for (const f of hits.slice(0, shown)) {
    const rule = el("a", {href: "#rule-doc-" + f.code, text: f.code, "data-doc": f.code});
    const node = el("div", {class: "finding", "data-code": f.code, "data-path": f.path},
      el("div", {class: "where"}, f.path + ":" + f.line + ":" + f.column + " ", rule),
      el("div", {text: f.message}));
    if (f.frame) node.append(frame(f));
    list.append(node);
  }
  const counted = countFor(filters.rule, filters.folder);
  document.getElementById("findings-count").textContent =
    hits.length.toLocaleString("en") + " embedded finding(s) match; " +
    counted.toLocaleString("en") + " in all for this rule and folder" +
    (hits.length > shown ? "; showing the first " + shown.toLocaleString("en") : "");
  document.getElementById("more").hidden = hits.length <= shown;
}

function countFor(rule, folder) {
  const entry = FOLDERS.get(folder || "");
  const counts = entry ? entry.rules : {};
  if (!entry && folder) return 0;
  if (!entry) return DATA.totals.findings;
  return rule ? (counts[rule] || 0) : entry.count;
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

function treeNode(path) {
  const entry = FOLDERS.get(path);
  const kids = (CHILDREN.get(path) || []).filter(p => folderCount(p) > 0)
    .sort((a, b) => folderCount(b) - folderCount(a) || (a < b ? -1 : 1));
  const bar = el("span", {class: "bar"});
  for (const [code, n] of Object.entries(entry.rules)) {
    if (filters.rule && code !== filters.rule) continue;
    const i = el("i", {title: code + ": " + n});
    i.style.width = (160 * n / Math.max(1, TOP)) + "px";
    i.style.background = COLORS[code] || "#888";
    bar.append(i);
  }
  const toggle = el("span", {class: "toggle", text: kids.length ? "▸" : ""});
  const name = path === "" ? "every folder" : path.slice(path.lastIndexOf("/") + 1) || path;
  const row = el("div", {"data-folder": path}, toggle,
    el("span", {class: "count", text: folderCount(path).toLocaleString("en")}), bar,
    el("span", {text: name + (kids.length ? "/" : "")}));
  const li = el("li", {}, row);
  let open = false;
  let sub = null;
  const expand = () => {
    open = !open;
    toggle.textContent = kids.length ? (open ? "▾" : "▸") : "";
    if (open && !sub && kids.length) {
      sub = el("ul");
      kids.forEach(k => sub.append(treeNode(k)));
      li.append(sub);
    }
    if (sub) sub.hidden = !open;
  };
  toggle.addEventListener("click", e => { e.stopPropagation(); expand(); });
  row.addEventListener("click", () => { filters.folder = path; apply(); });
  // Open the way to the filtered folder, and any folder that is its parent's only child.
  const only = (CHILDREN.get(parentOf(path)) || []).length === 1;
  if (kids.length && (path === "" || only || (inFolder(filters.folder, path) &&
      filters.folder !== path))) expand();
  return li;
}

let TOP = 1;
function drawTree() {
  const root = document.getElementById("tree");
  root.replaceChildren();
  if (!FOLDERS.has("")) return;
  TOP = Math.max(1, folderCount(""));
  root.append(el("ul", {}, treeNode("")));
}

function filterRows() {
  for (const row of document.querySelectorAll("[data-filter-row]")) {
    const code = row.getAttribute("data-code");
    const codes = (row.getAttribute("data-codes") || "").split(" ");
    const path = row.getAttribute("data-path");
    const text = row.textContent.toLowerCase();
    row.hidden = (filters.rule && code && code !== filters.rule) ||
      (filters.rule && codes[0] && !codes.includes(filters.rule)) ||
      (path !== null && !inFolder(path, filters.folder)) ||
      (filters.q && !text.includes(filters.q.toLowerCase()));
  }
}

function apply() {
  shown = PAGE;
  writeHash();
  document.getElementById("f-rule").value = filters.rule;
  document.getElementById("f-folder").value = filters.folder;
  document.getElementById("f-text").value = filters.q;
  drawTree();
  drawFindings();
  filterRows();
}

function on(id, event, handler) {
  document.getElementById(id).addEventListener(event, handler);
}
on("f-rule", "change", e => { filters.rule = e.target.value; apply(); });
on("f-folder", "change", e => { filters.folder = e.target.value.replace(/\/+$/, ""); apply(); });
on("f-text", "input", e => { filters.q = e.target.value; apply(); });
on("f-clear", "click", () => { filters = {rule: "", folder: "", q: ""}; apply(); });
on("more", "click", () => { shown += PAGE * 5; drawFindings(); });
window.addEventListener("hashchange", () => {
  const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target && target.tagName === "DETAILS") target.open = true;
  if (/^#(rule|folder|q)=/.test(location.hash) || location.hash === "") { readHash(); apply(); }
});
readHash();
apply();
document.body.setAttribute("data-ready", "1");
"""
