// The queens page: draws a region puzzle as a grid of cells (data-row, data-col, data-queen, data-mark),
// plays it with mouse and keyboard, and asks the JSON API for hints, checks, solutions and explanations.
"use strict";
const $ = (id) => document.getElementById(id);
let puzzle = null;   // {name, rows, cols, regions, stars, url}
let state = [];      // per row, a string of '.', 'x', 'Q'
let painting = false;

async function api(path, body) {
  const opts = body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  const r = await fetch(path, opts);
  const v = await r.json();
  if (!r.ok) throw new Error(v.error || r.statusText);
  return v;
}

function say(text) { $("message").textContent = text; }

function request() {
  return {regions: puzzle.regions, stars: puzzle.stars || 1};
}

function load(p) {
  puzzle = p;
  state = [];
  for (let r = 0; r < p.rows; r++) state.push(".".repeat(p.cols));
  $("title").textContent = p.name + (p.stars > 1 ? ` — ${p.stars} queens per row, column and region` : "");
  $("steps").innerHTML = "";
  $("solvers").hidden = true;
  say("");
  draw();
}

function regionIndex(ch) {
  const letters = [];
  for (const line of puzzle.regions) for (const c of line) if (!letters.includes(c)) letters.push(c);
  return letters.indexOf(ch);
}

function draw() {
  const b = $("board");
  b.innerHTML = "";
  b.style.gridTemplateColumns = `repeat(${puzzle.cols}, 2.4rem)`;
  for (let r = 0; r < puzzle.rows; r++) {
    for (let c = 0; c < puzzle.cols; c++) {
      const d = document.createElement("div");
      const ch = puzzle.regions[r][c];
      d.className = "cell r" + (regionIndex(ch) % 12);
      if (r > 0 && puzzle.regions[r - 1][c] !== ch) d.classList.add("bt");
      if (c > 0 && puzzle.regions[r][c - 1] !== ch) d.classList.add("bl");
      d.dataset.row = r; d.dataset.col = c;
      d.tabIndex = (r === 0 && c === 0) ? 0 : -1;
      d.setAttribute("role", "gridcell");
      const letter = document.createElement("span");
      letter.className = "letter"; letter.textContent = ch;
      d.appendChild(letter);
      setCell(d, state[r][c]);
      d.addEventListener("mousedown", (e) => { e.preventDefault(); d.focus(); if (painting) paint(d); else cycle(r, c); });
      d.addEventListener("mouseenter", (e) => { if (painting && e.buttons === 1) paint(d); });
      d.addEventListener("keydown", (e) => key(e, r, c));
      b.appendChild(d);
    }
  }
}

function cellAt(r, c) { return document.querySelector(`.cell[data-row="${r}"][data-col="${c}"]`); }

function setCell(d, v) {
  delete d.dataset.queen; delete d.dataset.mark;
  if (v === "Q") d.dataset.queen = "";
  if (v === "x") d.dataset.mark = "";
  const r = +d.dataset.row, c = +d.dataset.col;
  d.setAttribute("aria-label", `row ${r} column ${c}, region ${puzzle.regions[r][c]}` + (v === "Q" ? ", queen" : v === "x" ? ", marked empty" : ""));
}

function put(r, c, v) {
  state[r] = state[r].slice(0, c) + v + state[r].slice(c + 1);
  setCell(cellAt(r, c), v);
  document.querySelectorAll(".hint-place, .hint-exclude, .wrong").forEach((e) => e.classList.remove("hint-place", "hint-exclude", "wrong"));
  if (state.every((line) => !line.includes("."))) check();
}

function cycle(r, c) {
  const next = {".": "x", "x": "Q", "Q": "."};
  put(r, c, next[state[r][c]]);
}

function key(e, r, c) {
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (moves[e.key]) {
    const [dr, dc] = moves[e.key];
    const nr = Math.min(puzzle.rows - 1, Math.max(0, r + dr)), nc = Math.min(puzzle.cols - 1, Math.max(0, c + dc));
    const n = cellAt(nr, nc); n.tabIndex = 0; e.target.tabIndex = -1; n.focus();
  } else if (e.key === "q" || e.key === "Q" || e.key === "Enter") put(r, c, state[r][c] === "Q" ? "." : "Q");
  else if (e.key === "x" || e.key === "X" || e.key === " ") put(r, c, state[r][c] === "x" ? "." : "x");
  else if (e.key === "Backspace" || e.key === "Delete") put(r, c, ".");
  else if (e.key === "h") hint();
  else return;
  e.preventDefault();
}

async function hint() {
  try {
    const h = await api("/api/hint", {...request(), board: state});
    for (const [r, c] of (h.wrong_queens || []).concat(h.wrong_marks || [])) cellAt(r, c).classList.add("wrong");
    if (h.step) {
      for (const [r, c] of h.step.place) cellAt(r, c).classList.add("hint-place");
      for (const [r, c] of h.step.exclude) cellAt(r, c).classList.add("hint-exclude");
      say(`Hint (${h.step.technique}): ${h.step.why}.`);
    } else say(h.why);
  } catch (e) { say("Hint failed: " + e.message); }
}

async function check() {
  try {
    const h = await api("/api/hint", {...request(), board: state});
    const wrong = (h.wrong_queens || []).concat(h.wrong_marks || []);
    for (const [r, c] of wrong) cellAt(r, c).classList.add("wrong");
    if (h.solved) say("Solved! Every queen is right.");
    else if (wrong.length) say(`${wrong.length} cell(s) disagree with the solution: ${h.why}.`);
    else say("No mistakes so far.");
  } catch (e) { say("Check failed: " + e.message); }
}

async function solve() {
  const body = $("solvers").tBodies[0];
  body.innerHTML = "";
  $("solvers").hidden = false;
  const yaml = `board: ${puzzle.rows}\nattacks: [king]\nregions: |\n` + puzzle.regions.map((l) => "  " + l).join("\n") +
    `\neach: {row: ${puzzle.stars}, column: ${puzzle.stars}, region: ${puzzle.stars}}\n`;
  let shown = false;
  await Promise.all(["backtrack", "sat"].map(async (s) => {
    const tr = document.createElement("tr");
    tr.dataset.solver = s;
    body.appendChild(tr);
    try {
      const r = await fetch(`/api/solve?solver=${s}&mode=first`, {method: "POST", headers: {"Content-Type": "application/yaml"}, body: yaml});
      const v = await r.json();
      if (!r.ok) throw new Error(v.error);
      tr.innerHTML = `<td>${s}</td><td>${v.count ? "a solution" : "none"}</td><td>${v.ms.toFixed(1)} ms</td>`;
      if (v.solution && !shown) {
        shown = true;
        state = state.map((line) => "x".repeat(line.length));
        for (const [r, c] of v.solution) state[r] = state[r].slice(0, c) + "Q" + state[r].slice(c + 1);
        draw();
        check();
      }
    } catch (e) { tr.innerHTML = `<td>${s}</td><td colspan="2">${e.message}</td>`; }
  }));
}

async function explain() {
  try {
    const e = await api("/api/explain", request());
    const ol = $("steps");
    ol.innerHTML = "";
    for (const s of e.steps) {
      const li = document.createElement("li");
      li.textContent = `${s.technique}: ${s.why}`;
      ol.appendChild(li);
    }
    say(e.solved ? `Solved in ${e.steps.length} steps: grade ${e.grade}, score ${e.score}.` : `Deduction stalls with ${e.open} cells open: ${e.stalled}.`);
  } catch (err) { say("Explain failed: " + err.message); }
}

function paint(d) {
  const ch = $("paint").value || "A";
  const r = +d.dataset.row, c = +d.dataset.col;
  puzzle.regions[r] = puzzle.regions[r].slice(0, c) + ch + puzzle.regions[r].slice(c + 1);
  draw();
  cellAt(r, c).focus();
}

async function checkRegions() {
  try {
    const v = await api("/api/check", request());
    $("editmsg").textContent = v.unique ? `One solution: a puzzle (${v.explained ? "grade " + v.grade : "deduction stalls"}).` :
      v.solutions === 0 ? "No solution." : "More than one solution.";
  } catch (e) { $("editmsg").textContent = e.message; }
}

async function fairyCount() {
  $("fmsg").textContent = "counting…";
  const q = `n=${encodeURIComponent($("fn").value)}&attacks=${encodeURIComponent($("fattacks").value)}&mode=count`;
  const parts = await Promise.all(["backtrack", "sat"].map(async (s) => {
    try {
      const v = await api(`/api/solve?solver=${s}&${q}`);
      return `${s}: ${v.count} in ${v.ms.toFixed(1)} ms`;
    } catch (e) { return `${s}: ${e.message}`; }
  }));
  $("fmsg").textContent = parts.join("; ");
}

async function start() {
  const list = await api("/api/catalog");
  const sel = $("catalog");
  for (const v of list.filter((v) => v.regions)) {
    const o = document.createElement("option");
    o.value = o.textContent = v.name;
    sel.appendChild(o);
  }
  sel.addEventListener("change", async () => load(await api("/api/puzzle?name=" + encodeURIComponent(sel.value))));
  $("generate").addEventListener("click", async () => {
    say("making a puzzle…");
    try {
      const q = `size=${$("size").value}&stars=${$("stars").value}&difficulty=${$("grade").value}&seed=${Math.floor(Math.random() * 1e6)}`;
      load(await api("/api/generate?" + q));
    } catch (e) { say("Generate failed: " + e.message); }
  });
  $("hint").addEventListener("click", hint);
  $("check").addEventListener("click", check);
  $("solve").addEventListener("click", solve);
  $("explain").addEventListener("click", explain);
  $("clear").addEventListener("click", () => load(puzzle));
  $("editmode").addEventListener("click", () => { painting = !painting; $("editmode").textContent = painting ? "Play" : "Paint regions"; });
  $("checkregions").addEventListener("click", checkRegions);
  $("fcount").addEventListener("click", fairyCount);
  const first = new URLSearchParams(location.search).get("puzzle") || sel.value;
  sel.value = first;
  load(await api("/api/puzzle?name=" + encodeURIComponent(first)));
  document.body.dataset.ready = "";
}

start().catch((e) => say("Could not start: " + e.message));
