// The queens page: a region puzzle (LinkedIn's Queens, Star Battle) to play, learn from, make and share.
// The board is a grid of cells, each with data-row and data-col (from 1) and an aria-label that names
// its row, column and state; the page asks the JSON API for puzzles, hints, explanations and checks.
// Rows and columns are counted from 1 in everything the page shows; the API counts from 0.
"use strict";
const $ = (id) => document.getElementById(id);

let puzzle = null;     // {name, rows, cols, regions: [string], stars, url}
let board = [];        // the player's board: per row a string of '.', 'x' (a cross), 'Q'
let undoStack = [], redoStack = [];
let revealed = false;  // the solution was shown: the game is not the player's win
let solved = false;
let mode = "play";     // "play", "steps" (stepping through an explanation) or "make"
let steps = null, stepAt = 0;
let shownBoard = null; // the board drawn when it is not the player's (explanation steps)
let techniqueNames = {};
let started = 0, stopped = 0, ticker = 0;
let paintLetter = "A";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

// api calls the API: a GET without body, else a POST of body as JSON (a string is sent as it is).
async function api(path, body) {
  const opts = body === undefined ? {} :
    {method: "POST", headers: {"Content-Type": "application/json"}, body: typeof body === "string" ? body : JSON.stringify(body)};
  const r = await fetch(path, opts);
  let v;
  try { v = await r.json(); } catch (e) { throw new Error(`${r.status} ${r.statusText}`); }
  if (!r.ok) throw new Error(v.error || r.statusText);
  return v;
}

function say(text, kind) {
  const m = $("message");
  m.textContent = text;
  m.className = kind || "";
}

function plural(n, one, many) { return n === 1 ? one : many; }

// --- the puzzle and the board -------------------------------------------------------------------

function request() { return {regions: puzzle.regions, stars: puzzle.stars || 1}; }

function empty(rows, cols) { return Array.from({length: rows}, () => ".".repeat(cols)); }

function load(p, position) {
  if (!p.regions) throw new Error(`${p.name} has no regions: this page plays region puzzles (choose one from the list)`);
  puzzle = {...p, regions: p.regions.slice(), stars: p.stars || 1};
  board = position || empty(p.rows, p.cols);
  undoStack = []; redoStack = [];
  revealed = false; solved = false; steps = null;
  setMode("play");
  $("title").textContent = (p.name || "puzzle") + (puzzle.stars > 1 ? ` · ${puzzle.stars} queens per row, column and region` : "");
  $("sharebox").hidden = true;
  build();
  render();
  startTimer();
  say("");
  save();
}

function setMode(m) {
  mode = m;
  $("playbuttons").hidden = m !== "play";
  $("stepper").hidden = m !== "steps";
  $("editbar").hidden = m !== "make";
  document.body.dataset.mode = m;
  $("timer").hidden = m === "make";
  if (m !== "steps") shownBoard = null;
}

function colourOf(letter) {
  const i = LETTERS.indexOf(letter);
  if (i < 0) return "none";
  return "r" + i;
}

function regionCSS() {
  // One colour per region letter, fixed by the letter, so painting one region never recolours another.
  const base = ["#f4b974", "#b7a4e0", "#97c4ea", "#b3dfa0", "#d3d3d3", "#f29f8f", "#f3ea8a", "#8fd6c9",
    "#efb3d3", "#d8c39a", "#e0f09a", "#a0a8d8"];
  let css = "";
  for (let i = 0; i < LETTERS.length; i++) {
    const c = i < base.length ? base[i] : `hsl(${(i * 137.5) % 360}, 60%, 80%)`;
    css += `.cell.r${i} { background-color: ${c}; } .swatch.r${i} { background-color: ${c}; }\n`;
  }
  const s = document.createElement("style");
  s.textContent = css;
  document.head.appendChild(s);
}

function cellAt(r, c) { return $("board").children[r * puzzle.cols + c]; }

function build() {
  const b = $("board");
  b.innerHTML = "";
  b.style.setProperty("--n", Math.max(puzzle.rows, puzzle.cols));
  b.style.gridTemplateColumns = `repeat(${puzzle.cols}, 1fr)`;
  for (let r = 0; r < puzzle.rows; r++) {
    for (let c = 0; c < puzzle.cols; c++) {
      const d = document.createElement("div");
      d.className = "cell";
      d.dataset.row = r + 1; d.dataset.col = c + 1;
      d.tabIndex = (r === 0 && c === 0) ? 0 : -1;
      d.setAttribute("role", "gridcell");
      b.appendChild(d);
    }
  }
}

// attacks returns, for a board, the queens in conflict and the cells that the queens cross out
// (neighbours of a queen, and the rest of a row, column or region that has all its queens).
function attacks(bd) {
  const {rows, cols, stars, regions} = puzzle;
  const rowQ = new Array(rows).fill(0), colQ = new Array(cols).fill(0), regQ = {};
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (bd[r][c] === "Q") {
    rowQ[r]++; colQ[c]++; regQ[regions[r][c]] = (regQ[regions[r][c]] || 0) + 1;
  }
  const conflict = new Set(), crossed = new Set();
  let queens = 0;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const reg = regions[r][c];
    if (bd[r][c] === "Q") {
      queens++;
      let bad = rowQ[r] > stars || colQ[c] > stars || (regQ[reg] || 0) > stars;
      for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr, cc = c + dc;
        if ((dr || dc) && rr >= 0 && rr < rows && cc >= 0 && cc < cols && bd[rr][cc] === "Q") bad = true;
      }
      if (bad) conflict.add(r * cols + c);
      continue;
    }
    let cross = rowQ[r] >= stars || colQ[c] >= stars || (regQ[reg] || 0) >= stars;
    for (let dr = -1; dr <= 1 && !cross; dr++) for (let dc = -1; dc <= 1; dc++) {
      const rr = r + dr, cc = c + dc;
      if ((dr || dc) && rr >= 0 && rr < rows && cc >= 0 && cc < cols && bd[rr][cc] === "Q") cross = true;
    }
    if (cross) crossed.add(r * cols + c);
  }
  const full = rowQ.every((n) => n === stars) && colQ.every((n) => n === stars) &&
    Object.keys(regQ).length === regionLetters().length && Object.values(regQ).every((n) => n === stars);
  return {conflict, crossed, queens, complete: full && conflict.size === 0};
}

function regionLetters() {
  const seen = [];
  for (const line of puzzle.regions) for (const ch of line) if (ch !== "." && !seen.includes(ch)) seen.push(ch);
  return seen;
}

function render() {
  const bd = shownBoard || board;
  const auto = mode === "play" && $("autocross").checked;
  const a = attacks(bd);
  const {rows, cols, regions} = puzzle;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const d = cellAt(r, c), ch = regions[r][c], v = bd[r][c];
    const keep = ["hint-place", "hint-exclude", "hint-uses", "wrong"].filter((k) => d.classList.contains(k));
    d.className = "cell " + colourOf(ch);
    for (const k of keep) d.classList.add(k);
    if (r > 0 && regions[r - 1][c] !== ch) d.classList.add("bt");
    if (c > 0 && regions[r][c - 1] !== ch) d.classList.add("bl");
    if (r === rows - 1) d.classList.add("lastrow");
    if (c === cols - 1) d.classList.add("lastcol");
    delete d.dataset.queen; delete d.dataset.mark; delete d.dataset.auto; delete d.dataset.conflict;
    let state = "empty";
    if (v === "Q") { d.dataset.queen = ""; state = "queen"; }
    else if (v === "x") { d.dataset.mark = ""; state = "cross"; }
    else if (auto && a.crossed.has(r * cols + c)) { d.dataset.auto = ""; state = "cross (automatic)"; }
    if (a.conflict.has(r * cols + c)) { d.dataset.conflict = ""; state += ", in conflict"; }
    const region = ch === "." ? "no region" : `region ${ch}`;
    d.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}, ${state}, ${region}`);
  }
  $("undo").disabled = undoStack.length === 0;
  $("redo").disabled = redoStack.length === 0;
  return a;
}

function clearHighlights() {
  document.querySelectorAll(".hint-place, .hint-exclude, .hint-uses, .wrong").forEach((e) =>
    e.classList.remove("hint-place", "hint-exclude", "hint-uses", "wrong"));
}

// change sets cells of the player's board, as one step to undo.
function change(cells) {
  if (mode !== "play" || solved) return;
  const before = board.slice();
  let changed = false;
  for (const [r, c, v] of cells) {
    if (board[r][c] === v) continue;
    board[r] = board[r].slice(0, c) + v + board[r].slice(c + 1);
    changed = true;
  }
  if (!changed) return;
  undoStack.push(before);
  redoStack = [];
  afterChange();
}

function afterChange() {
  clearHighlights();
  save();
  $("sharebox").hidden = true;
  const a = render();
  if (a.complete) {
    stopTimer();
    solved = !revealed;
    if (revealed) say("The solution, revealed: play it again from the start with Restart.", "revealed");
    else say(`Solved! Every queen is right, in ${clock()}.${best()}`, "solved");
  } else if (a.conflict.size) {
    say(`${a.conflict.size} ${plural(a.conflict.size, "queen breaks", "queens break")} a rule: shown in red.`, "conflict");
  } else if (!$("message").className || $("message").className === "conflict") say("");
}

function cycle(r, c) {
  const next = {".": "x", "x": "Q", "Q": "."};
  change([[r, c, next[board[r][c]]]]);
}

function undo() {
  if (mode !== "play" || !undoStack.length) return;
  redoStack.push(board.slice());
  board = undoStack.pop();
  solved = false;
  afterChange();
}

function redo() {
  if (mode !== "play" || !redoStack.length) return;
  undoStack.push(board.slice());
  board = redoStack.pop();
  afterChange();
}

// --- the timer ---------------------------------------------------------------------------------

function clock() {
  const s = Math.floor(((stopped || Date.now()) - started) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// best records a solve's time for this puzzle in the browser and says how it compares.
function best() {
  const key = "queens.best." + puzzleParam();
  const ms = (stopped || Date.now()) - started;
  let before = 0;
  try {
    before = +localStorage.getItem(key) || 0;
    if (!before || ms < before) localStorage.setItem(key, String(ms));
  } catch (e) { return ""; }
  if (!before) return "";
  const fmt = (t) => { const s = Math.floor(t / 1000); return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; };
  return ms < before ? ` A new best: it was ${fmt(before)}.` : ` Your best on this puzzle: ${fmt(before)}.`;
}

// The timer stands still while the page is hidden: a game left in a background tab is not slower.
let hiddenAt = 0;
document.addEventListener("visibilitychange", () => {
  if (document.hidden) hiddenAt = Date.now();
  else if (hiddenAt) { if (!stopped) started += Date.now() - hiddenAt; hiddenAt = 0; }
});

function startTimer() {
  started = Date.now(); stopped = 0;
  clearInterval(ticker);
  ticker = setInterval(() => { $("timer").textContent = clock(); }, 1000);
  $("timer").textContent = clock();
}

function stopTimer() {
  if (!stopped) stopped = Date.now();
  clearInterval(ticker);
  $("timer").textContent = clock();
}

// --- mouse, touch and keys ---------------------------------------------------------------------

let drag = null;

function cellOf(el) {
  const d = el && el.closest ? el.closest(".cell") : null;
  return d && d.parentElement === $("board") ? d : null;
}

function rc(d) { return [+d.dataset.row - 1, +d.dataset.col - 1]; }

function focusCell(d) {
  for (const e of document.querySelectorAll(".cell[tabindex='0']")) e.tabIndex = -1;
  d.tabIndex = 0;
  d.focus();
}

function pointerDown(e) {
  const d = cellOf(e.target);
  if (!d || e.button > 0) return;
  e.preventDefault();
  if (d.hasPointerCapture && d.hasPointerCapture(e.pointerId)) d.releasePointerCapture(e.pointerId);
  focusCell(d);
  if (mode === "make") { paint(d); drag = {make: true, last: d}; return; }
  drag = {start: d, last: d, moved: false};
}

function pointerMove(e) {
  if (!drag) return;
  const d = cellOf(document.elementFromPoint(e.clientX, e.clientY));
  if (!d || d === drag.last) return;
  drag.last = d;
  if (drag.make) { paint(d); return; }
  if (mode !== "play") return;
  // Dragging crosses every empty cell it passes, the first one too: one step to undo.
  const cells = [];
  if (!drag.moved) {
    drag.moved = true;
    const [r0, c0] = rc(drag.start);
    if (board[r0][c0] === ".") cells.push([r0, c0, "x"]);
    drag.before = board.slice();
    drag.undoLen = undoStack.length;
  }
  const [r, c] = rc(d);
  if (board[r][c] === ".") cells.push([r, c, "x"]);
  change(cells);
  // Merge the drag's changes into one undo step.
  if (undoStack.length > drag.undoLen + 1) undoStack.length = drag.undoLen + 1;
  if (undoStack.length === drag.undoLen + 1) undoStack[drag.undoLen] = drag.before;
}

function pointerUp() {
  if (!drag) return;
  const d = drag;
  drag = null;
  if (!d.make && !d.moved && mode === "play") cycle(...rc(d.start));
}

function key(e) {
  const d = cellOf(e.target);
  if (!d || e.altKey || e.metaKey) return;
  const [r, c] = rc(d);
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (moves[e.key]) {
    const [dr, dc] = moves[e.key];
    focusCell(cellAt(Math.min(puzzle.rows - 1, Math.max(0, r + dr)), Math.min(puzzle.cols - 1, Math.max(0, c + dc))));
    if (mode === "make" && e.shiftKey) paint(document.activeElement);
  } else if (e.ctrlKey && (e.key === "z" || e.key === "Z")) { e.shiftKey ? redo() : undo(); }
  else if (e.ctrlKey && e.key === "y") redo();
  else if (e.ctrlKey) return;
  else if (mode === "make" && (e.key === " " || e.key === "Enter")) paint(d);
  else if (e.key === "q" || e.key === "Q" || e.key === "Enter") change([[r, c, board[r][c] === "Q" ? "." : "Q"]]);
  else if (e.key === "x" || e.key === "X" || e.key === " ") change([[r, c, board[r][c] === "x" ? "." : "x"]]);
  else if (e.key === "Backspace" || e.key === "Delete") change([[r, c, "."]]);
  else if (e.key === "u") undo();
  else if (e.key === "r") redo();
  else if (e.key === "h") hint();
  else return;
  e.preventDefault();
}

// --- learning: hints, checks, explanations -----------------------------------------------------

// techniqueName is a step's technique as players name it: the step's own name when the API gives one.
function techniqueName(step) { return step.technique_name || techniqueNames[step.technique] || step.technique; }

// usesOf returns the cells a step reasons from, from 0: the API's own list when it gives one, else
// the cells, rows, columns and regions its sentence names (r3c5, r2c9–r3c10, row 4, columns 1–2,
// region C), less the cells the step decides.
function usesOf(step) {
  if (step.uses) return step.uses;
  const {rows, cols, regions} = puzzle;
  const used = new Set();
  const add = (r, c) => { if (r >= 0 && r < rows && c >= 0 && c < cols) used.add(r * cols + c); };
  const why = step.why || "";
  for (const m of why.matchAll(/\br(\d+)c(\d+)(?:–r(\d+)c(\d+))?/g)) {
    const r1 = +m[1] - 1, c1 = +m[2] - 1, r2 = m[3] ? +m[3] - 1 : r1, c2 = m[4] ? +m[4] - 1 : c1;
    for (let r = Math.min(r1, r2); r <= Math.max(r1, r2); r++) for (let c = Math.min(c1, c2); c <= Math.max(c1, c2); c++) add(r, c);
  }
  for (const m of why.matchAll(/\b(rows?|columns?) (\d+)(?:–(\d+))?/g)) {
    const a = +m[2] - 1, b = m[3] ? +m[3] - 1 : a;
    for (let i = a; i <= b; i++) for (let j = 0; j < (m[1].startsWith("row") ? cols : rows); j++) m[1].startsWith("row") ? add(i, j) : add(j, i);
  }
  for (const m of why.matchAll(/\bregion ([A-Za-z0-9])\b/g)) {
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (regions[r][c] === m[1]) add(r, c);
  }
  for (const [r, c] of (step.place || []).concat(step.exclude || [])) used.delete(r * cols + c);
  return [...used].map((i) => [Math.floor(i / cols), i % cols]);
}

function highlight(cells, cls) {
  for (const [r, c] of cells || []) { const d = cellAt(r, c); if (d) d.classList.add(cls); }
}

// played is the board a hint or a check reads: the player's, with the automatic crosses when they are
// on, so that a hint does not tell what the page already shows.
function played() {
  if (!$("autocross").checked) return board;
  const a = attacks(board);
  return board.map((line, r) => [...line].map((v, c) => v === "." && a.crossed.has(r * puzzle.cols + c) ? "x" : v).join(""));
}

// wrongOf lists a hint's wrong cells that the player put there: a wrong automatic cross goes with
// the wrong queen that made it.
function wrongOf(h) {
  return (h.wrong_queens || []).concat((h.wrong_marks || []).filter(([r, c]) => board[r][c] === "x"));
}

async function hint() {
  if (mode !== "play") return;
  try {
    const h = await api("/api/hint", {...request(), state: played()});
    clearHighlights();
    const wrong = wrongOf(h);
    if (wrong.length) {
      highlight(wrong, "wrong");
      say(`${wrong.length} ${plural(wrong.length, "cell is", "cells are")} wrong (outlined): take ${plural(wrong.length, "it", "them")} back first.`, "conflict");
      return;
    }
    if (h.solved) { say("Every queen is placed: nothing left to hint."); return; }
    if (!h.step) { say(h.why || "No technique applies here."); return; }
    const s = h.step;
    highlight(usesOf(s), "hint-uses");
    highlight(s.place, "hint-place");
    highlight(s.exclude, "hint-exclude");
    const what = s.place.length ? `A queen goes on ${plural(s.place.length, "the cell", "the cells")} outlined in blue.` :
      `The ${plural(s.exclude.length, "cell", "cells")} outlined in orange ${plural(s.exclude.length, "is", "are")} empty.`;
    say(`Hint — ${techniqueName(s)}: ${s.why}. ${what}`, "hint");
  } catch (e) { say("Hint failed: " + e.message, "error"); }
}

async function check() {
  if (mode !== "play") return;
  try {
    const h = await api("/api/hint", {...request(), state: played()});
    clearHighlights();
    const wrong = wrongOf(h);
    highlight(wrong, "wrong");
    if (h.solved && !revealed) say(`Solved! Every queen is right, in ${clock()}.`, "solved");
    else if (wrong.length) say(`${wrong.length} ${plural(wrong.length, "cell disagrees", "cells disagree")} with the solution (outlined).`, "conflict");
    else say("No mistakes so far.");
  } catch (e) { say("Check failed: " + e.message, "error"); }
}

function yaml() {
  const k = puzzle.stars;
  return `board: ${puzzle.rows}\nattacks: [king]\nregions: |\n` + puzzle.regions.map((l) => "  " + l).join("\n") +
    `\neach: {row: ${k}, column: ${k}, region: ${k}}\n`;
}

async function reveal() {
  if (mode !== "play") return;
  try {
    const v = await api("/api/solve", {yaml: yaml(), solver: "backtrack", mode: "first"});
    if (!v.solutions || !v.solutions.length) { say("This puzzle has no solution.", "error"); return; }
    revealed = true;
    const cells = [];
    v.solutions[0].forEach((line, rr) => { for (let cc = 0; cc < line.length; cc++) cells.push([rr, cc, line[cc] === "Q" ? "Q" : "x"]); });
    change(cells);
    document.body.dataset.revealed = "";
  } catch (e) { say("Reveal failed: " + e.message, "error"); }
}

async function explain() {
  if (mode !== "play") return;
  say("Working it out…");
  try {
    const e = await api("/api/explain", request());
    steps = e;
    stepAt = 0;
    setMode("steps");
    showStep();
  } catch (err) { say("Explain failed: " + err.message, "error"); }
}

function showStep() {
  const e = steps;
  let bd = empty(puzzle.rows, puzzle.cols);
  for (const s of e.steps.slice(0, stepAt)) {
    for (const [r, c] of s.exclude) bd[r] = bd[r].slice(0, c) + "x" + bd[r].slice(c + 1);
    for (const [r, c] of s.place) bd[r] = bd[r].slice(0, c) + "Q" + bd[r].slice(c + 1);
  }
  shownBoard = bd;
  clearHighlights();
  render();
  $("prevstep").disabled = stepAt === 0;
  $("nextstep").disabled = stepAt === e.steps.length;
  $("stepcount").textContent = `step ${stepAt} of ${e.steps.length}`;
  if (stepAt === 0) {
    say(e.solved ? `The whole solution in ${e.steps.length} steps, grade ${e.grade}: press Next step.` :
      `Deduction gets ${e.steps.length} steps in and then stalls with ${e.open} cells open (${e.stalled}).`, "hint");
    return;
  }
  const s = e.steps[stepAt - 1];
  highlight(usesOf(s), "hint-uses");
  highlight(s.place, "hint-place");
  highlight(s.exclude, "hint-exclude");
  say(`Step ${stepAt} — ${s.guess ? "a guess" : techniqueName(s)}: ${s.why}.` +
    (stepAt === e.steps.length ? (e.solved ? " That is the whole solution." : ` Deduction stops here: ${e.stalled}.`) : ""), "hint");
}

// --- sharing -----------------------------------------------------------------------------------

// puzzleParam is the puzzle's ?puzzle= value: a built-in's name, or any other's puzz.link code.
function puzzleParam() { return puzzle.catalog ? puzzle.name : (puzzle.url || "").replace(/^[^?]*\?/, ""); }

// save keeps the game in this browser, so that the page opened again without a link goes on with it.
function save() {
  if (mode !== "play" || !puzzle || !puzzleParam()) return;
  try {
    localStorage.setItem("queens.game", JSON.stringify({puzzle: puzzleParam(), board, elapsed: (stopped || Date.now()) - started, revealed}));
  } catch (e) { /* storage full or off: the game goes on unsaved */ }
}

function shareLink() {
  const q = new URLSearchParams();
  q.set("puzzle", puzzleParam());
  if (board.some((line) => line !== ".".repeat(puzzle.cols))) q.set("board", board.join("-"));
  return `${location.origin}${location.pathname}?${q}`;
}

async function share() {
  const link = shareLink();
  $("sharelink").value = link;
  $("sharebox").hidden = false;
  $("sharelink").select();
  try { await navigator.clipboard.writeText(link); say("Link copied: it opens this puzzle at this position."); }
  catch (e) { say("Copy the link below: it opens this puzzle at this position."); }
}

function parseBoard(text, rows, cols) {
  const lines = text.split("-");
  if (lines.length !== rows || lines.some((l) => l.length !== cols || /[^.xQ]/.test(l))) {
    throw new Error(`board=${text.slice(0, 40)}: want ${rows} rows of ${cols} cells of '.', 'x' or 'Q' joined by '-'`);
  }
  return lines;
}

// --- opening puzzles ---------------------------------------------------------------------------

async function openParam(p) {
  if (/starbattle\//.test(p)) return api("/api/puzzle", {url: p});
  const v = await api("/api/puzzle?name=" + encodeURIComponent(p));
  v.catalog = true;
  return v;
}

async function openPasted() {
  const text = $("paste").value.trim();
  try {
    let p;
    // A level goes to the server as it was pasted, so that its own checks (a key given twice, say) hold.
    if (text.startsWith("{")) p = await api("/api/puzzle", `{"level": ${text}}`);
    else if (text) p = await api("/api/puzzle", {url: text});
    else throw new Error("paste a puzz.link URL or a level's JSON first");
    load(p);
    $("openbox").open = false;
  } catch (e) { say("Could not open it: " + e.message, "error"); }
}

async function generate() {
  say("Making a puzzle…");
  $("generate").disabled = true;
  try {
    const q = `size=${$("size").value}&stars=${$("stars").value}&difficulty=${$("grade").value}&seed=${Math.floor(Math.random() * 1e9)}`;
    load(await api("/api/generate?" + q));
    $("newbox").open = false;
  } catch (e) { say("Could not make one: " + e.message, "error"); }
  $("generate").disabled = false;
}

// --- making puzzles ----------------------------------------------------------------------------

function makeMode() {
  setMode("make");
  clearHighlights();
  $("esize").value = String(puzzle.rows === puzzle.cols ? puzzle.rows : 8);
  $("estars").value = String(puzzle.stars);
  board = empty(puzzle.rows, puzzle.cols);
  undoStack = []; redoStack = [];
  stopTimer();
  palette();
  render();
  say("Making a puzzle: pick a region, then paint its cells.");
}

function blank() {
  const n = +$("esize").value;
  load({name: "your puzzle", rows: n, cols: n, regions: empty(n, n), stars: +$("estars").value});
  makeMode();
  say(`A blank ${n}×${n} grid: paint ${n} regions.`);
}

function palette() {
  const p = $("palette");
  p.innerHTML = "";
  const n = Math.max(puzzle.rows, regionLetters().length);
  if (!LETTERS.slice(0, n).includes(paintLetter)) paintLetter = "A";
  for (const ch of LETTERS.slice(0, n)) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "swatch " + colourOf(ch);
    b.textContent = ch;
    b.setAttribute("role", "radio");
    b.setAttribute("aria-checked", String(ch === paintLetter));
    b.setAttribute("aria-label", `region ${ch}`);
    b.addEventListener("click", () => { paintLetter = ch; palette(); });
    p.appendChild(b);
  }
}

function paint(d) {
  const [r, c] = rc(d);
  const line = puzzle.regions[r];
  if (line[c] === paintLetter) return;
  puzzle.regions[r] = line.slice(0, c) + paintLetter + line.slice(c + 1);
  puzzle.url = ""; puzzle.catalog = false;
  render();
}

async function checkRegions() {
  const open = puzzle.regions.join("").split(".").length - 1;
  if (open) { say(`${open} ${plural(open, "cell has", "cells have")} no region yet: paint every cell first.`, "error"); return; }
  try {
    const v = await api("/api/check", request());
    if (v.url) puzzle.url = v.url;
    puzzle.name = "your puzzle";
    if (v.unique) say(`One solution: a puzzle! ${v.explained ? "Grade " + v.grade + "." : "Deduction alone does not finish it."} Play it or share it.`, "solved");
    else if (v.solutions === 0) say("No solution: change the regions.", "conflict");
    else say("More than one solution: change the regions until only one is left.", "conflict");
  } catch (e) { say("Check failed: " + e.message, "error"); }
}

async function playMade() {
  const open = puzzle.regions.join("").split(".").length - 1;
  if (open) { say(`${open} ${plural(open, "cell has", "cells have")} no region yet: paint every cell first.`, "error"); return; }
  try {
    const p = await api("/api/puzzle", request());
    load({...p, name: "your puzzle"});
  } catch (e) { say("Could not play it: " + e.message, "error"); }
}

// --- classic and fairy counts ------------------------------------------------------------------

async function fairyCount() {
  $("fmsg").textContent = "counting…";
  const q = `n=${encodeURIComponent($("fn").value)}&attacks=${encodeURIComponent($("fattacks").value)}&mode=count`;
  const parts = await Promise.all(["backtrack", "sat"].map(async (s) => {
    try {
      const v = await api(`/api/solve?solver=${s}&${q}`);
      return `${s}: ${v.count}${v.complete ? "" : " or more"} in ${v.elapsed_ms.toFixed(1)} ms`;
    } catch (e) { return `${s}: ${e.message}`; }
  }));
  $("fmsg").textContent = parts.join("; ");
}

// --- start -------------------------------------------------------------------------------------

// generatorSizes offers, for the queens per region chosen, the sides the generator makes.
function generatorSizes(sides) {
  const stars = $("stars");
  stars.innerHTML = "";
  for (const e of sides) {
    const o = document.createElement("option");
    o.textContent = String(e.stars);
    stars.appendChild(o);
  }
  const fill = () => {
    const e = sides.find((x) => String(x.stars) === stars.value) || sides[0];
    const was = +$("size").value || 8;
    $("size").innerHTML = "";
    options($("size"), e.min, e.max, Math.min(e.max, Math.max(e.min, was)));
  };
  stars.addEventListener("change", fill);
  fill();
}

function options(sel, from, to, value) {
  for (let i = from; i <= to; i++) {
    const o = document.createElement("option");
    o.textContent = String(i);
    sel.appendChild(o);
  }
  sel.value = String(value);
}

async function start() {
  regionCSS();
  options($("esize"), 4, 20, 8);
  const b = $("board");
  b.addEventListener("pointerdown", pointerDown);
  b.addEventListener("pointermove", pointerMove);
  window.addEventListener("pointerup", pointerUp);
  window.addEventListener("pointercancel", pointerUp);
  b.addEventListener("keydown", key);
  b.addEventListener("contextmenu", (e) => e.preventDefault());
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("hint").addEventListener("click", hint);
  $("check").addEventListener("click", check);
  $("reveal").addEventListener("click", reveal);
  $("explain").addEventListener("click", explain);
  $("clear").addEventListener("click", () => load(puzzle));
  $("share").addEventListener("click", share);
  $("autocross").checked = localStorage.getItem("queens.autocross") === "1";
  $("autocross").addEventListener("change", () => { localStorage.setItem("queens.autocross", $("autocross").checked ? "1" : "0"); render(); });
  const prevStep = () => { if (stepAt > 0) { stepAt--; showStep(); } };
  const nextStep = () => { if (stepAt < steps.steps.length) { stepAt++; showStep(); } };
  const closeSteps = () => { setMode("play"); clearHighlights(); render(); say(""); };
  $("prevstep").addEventListener("click", prevStep);
  $("nextstep").addEventListener("click", nextStep);
  $("closesteps").addEventListener("click", closeSteps);
  // Stepping by keys: n or PageDown the next step, p or PageUp the previous one, Escape back to the game.
  document.addEventListener("keydown", (e) => {
    if (mode !== "steps" || e.ctrlKey || e.altKey || e.metaKey || /INPUT|TEXTAREA|SELECT/.test(e.target.tagName)) return;
    const act = {n: nextStep, PageDown: nextStep, p: prevStep, PageUp: prevStep, Escape: closeSteps}[e.key];
    if (act) { act(); e.preventDefault(); }
  });
  $("generate").addEventListener("click", generate);
  $("open").addEventListener("click", openPasted);
  $("makemode").addEventListener("click", makeMode);
  $("blank").addEventListener("click", blank);
  $("checkregions").addEventListener("click", checkRegions);
  $("playmade").addEventListener("click", playMade);
  $("closeedit").addEventListener("click", () => load({...puzzle}));
  $("fcount").addEventListener("click", fairyCount);

  const [list, techs, sides] = await Promise.all([api("/api/catalog"), api("/api/techniques").catch(() => []),
    api("/api/sizes").catch(() => [{stars: 1, min: 5, max: 12}])]);
  for (const t of techs) techniqueNames[t.id] = t.name;
  generatorSizes(sides);
  const sel = $("catalog");
  for (const v of list.filter((v) => v.regions)) {
    const o = document.createElement("option");
    o.value = o.textContent = v.name;
    sel.appendChild(o);
  }
  sel.addEventListener("change", async () => {
    try { load(await openParam(sel.value)); } catch (e) { say("Could not open it: " + e.message, "error"); }
  });

  const params = new URLSearchParams(location.search);
  const wanted = params.get("puzzle");
  let problem = "";
  if (wanted) {
    try {
      const p = await openParam(wanted);
      let position;
      if (params.get("board")) {
        try { position = parseBoard(params.get("board"), p.rows, p.cols); }
        catch (e) { problem = `The link's position is not readable (${e.message}): starting from an empty board.`; }
      }
      load(p, position);
      if (p.catalog) sel.value = p.name;
      if (position) { render(); afterChange(); }
    } catch (e) {
      problem = `Could not open the puzzle "${wanted.slice(0, 80)}": ${e.message}. Here is ${sel.value} instead.`;
    }
  }
  if (!puzzle && !wanted) {
    // No link: go on with the game this browser played last, if it can still be read.
    try {
      const g = JSON.parse(localStorage.getItem("queens.game") || "null");
      if (g && g.puzzle) {
        const p = await openParam(g.puzzle);
        load(p, parseBoard(g.board.join("-"), p.rows, p.cols));
        if (p.catalog) sel.value = p.name;
        revealed = !!g.revealed;
        started = Date.now() - (+g.elapsed || 0);
        afterChange();
      }
    } catch (e) { puzzle = null; }
  }
  if (!puzzle) {
    const p = await openParam(sel.value);
    load(p);
  }
  if (problem) say(problem, "error");
  document.body.dataset.ready = "";
}

start().catch((e) => {
  say("Could not start: " + e.message, "error");
  document.body.dataset.ready = "";
});
