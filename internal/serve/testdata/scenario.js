// The browser test's scenario, injected by serve_test.go into the page it serves: play as a person
// would (click a cell, type on the keyboard, ask a hint, solve with both solvers) and write what the page
// showed into <pre id="result"> for the test to read from the dumped DOM.
"use strict";
(async function () {
  const wait = async (ok, what) => {
    for (let i = 0; i < 200; i++) {
      if (ok()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("timed out waiting for " + what);
  };
  const out = {};
  try {
    await wait(() => document.body.dataset.ready !== undefined, "the page");
    const cell = (r, c) => document.querySelector(`.cell[data-row="${r}"][data-col="${c}"]`);
    out.cells = document.querySelectorAll(".cell[data-row][data-col]").length;
    // Two clicks on r0c0: a mark, then a queen.
    cell(0, 0).dispatchEvent(new MouseEvent("mousedown", {bubbles: true, buttons: 1}));
    out.markAfterClick = cell(0, 0).dataset.mark !== undefined;
    cell(0, 0).dispatchEvent(new MouseEvent("mousedown", {bubbles: true, buttons: 1}));
    out.queenAfterTwoClicks = cell(0, 0).dataset.queen !== undefined;
    // The keyboard: Backspace clears, arrow right moves, x marks.
    cell(0, 0).dispatchEvent(new KeyboardEvent("keydown", {key: "Backspace", bubbles: true}));
    out.clearedByKey = cell(0, 0).dataset.queen === undefined && cell(0, 0).dataset.mark === undefined;
    cell(0, 0).dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true}));
    out.focusMoved = document.activeElement === cell(0, 1);
    document.activeElement.dispatchEvent(new KeyboardEvent("keydown", {key: "q", bubbles: true}));
    out.queenByKey = cell(0, 1).dataset.queen !== undefined;
    // A wrong queen, then a hint: the hint names it.
    document.getElementById("hint").click();
    await wait(() => document.getElementById("message").textContent !== "", "the hint");
    out.hintOnWrongQueen = document.getElementById("message").textContent;
    out.wrongMarked = document.querySelectorAll(".cell.wrong").length;
    cell(0, 1).dispatchEvent(new KeyboardEvent("keydown", {key: "Backspace", bubbles: true}));
    document.getElementById("message").textContent = "";
    document.getElementById("hint").click();
    await wait(() => document.getElementById("message").textContent !== "", "the hint");
    out.hint = document.getElementById("message").textContent;
    out.hinted = document.querySelectorAll(".cell.hint-place, .cell.hint-exclude").length;
    // Solve with both solvers.
    document.getElementById("solve").click();
    await wait(() => document.querySelectorAll("#solvers tbody tr td").length >= 6, "both solvers");
    out.solvers = [...document.querySelectorAll("#solvers tbody tr")].map((tr) => tr.textContent);
    out.queens = document.querySelectorAll(".cell[data-queen]").length;
    await wait(() => document.getElementById("message").textContent.startsWith("Solved"), "the check after solving");
    out.message = document.getElementById("message").textContent;
  } catch (e) {
    out.error = String(e);
  }
  const pre = document.createElement("pre");
  pre.id = "result";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
