// Drawing a view (net/view.py) as SVG: a function of the view and a few options, like the
// window's board_view.py. Classical marks are large; spooky marks are small, each with its
// subscript, in a 3×3 grid of slots of their cell (finer past nine); every spooky mark's two
// halves are joined by a curve; while a collapse is awaited its tangle lights up, the cycle
// brightest. No rules here: what may be tapped comes from the host.

const NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  if (parent) parent.appendChild(node);
  return node;
}

export const sideOf = (mark) => (mark % 2 ? "X" : "O");

// Cells at least this big (of the board's 100 units: a 4×4's are 25, an overview's 10) show
// their labels.
const LABELLED = 15;
// Room round the board for what stands out of it: a mini-board's frame, 0.8 out and half
// the focus's 1.4 stroke (style.css) more.
const PAD = 1.6;

// Panes: where each shown cell sits. `boards` null: the whole board (one n×n grid, or all
// mini-boards small); else the listed mini-boards, large, one above the other, or side by
// side when `across` (a phone on its side).
export function layout(view, boards = null, across = false) {
  const cells = new Map();
  const frames = [];
  if (!view.boards.length) {
    const n = view.grid.length;
    const size = 100 / n;
    view.grid.forEach((row, r) => row.forEach((cell, c) => cells.set(cell, { x: c * size, y: r * size, size })));
    return { width: 100, height: 100, cells, frames, lines: gridLines(0, 0, 100, n) };
  }
  const side = Math.round(Math.sqrt(view.boards[0].length));
  const shown = boards ?? view.boards.map((_, b) => b);
  const whole = boards === null;
  // All nine small in a 3×3, or the chosen ones large, in a column (a phone is tall) or a row.
  const gap = whole ? 3.5 : 5;
  const boardSize = whole ? (100 - 2 * gap) / 3 : 100;
  const lines = [];
  shown.forEach((b, i) => {
    const x = whole ? (b % 3) * (boardSize + gap) : across ? i * (boardSize + gap) : 0;
    const y = whole ? Math.floor(b / 3) * (boardSize + gap) : across ? 0 : i * (boardSize + gap);
    const size = boardSize / side;
    view.boards[b].forEach((cell, s) => {
      cells.set(cell, { x: x + (s % side) * size, y: y + Math.floor(s / side) * size, size });
    });
    frames.push({ board: b, x, y, size: boardSize });
    lines.push(...gridLines(x, y, boardSize, side));
  });
  const length = shown.length * boardSize + (shown.length - 1) * gap;
  const [width, height] = whole ? [100, 100] : across ? [length, 100] : [100, length];
  return { width, height, cells, frames, lines };
}

function gridLines(x, y, size, n) {
  const lines = [];
  for (let i = 1; i < n; i++) {
    const t = (size * i) / n;
    lines.push([x + t, y + 2, x + t, y + size - 2], [x + 2, y + t, x + size - 2, y + t]);
  }
  return lines;
}

// Up to four marks in a 2×2 grid of slots (large enough to read on a phone), up to nine in
// 3×3, finer past that.
function slotColumns(count) {
  return count <= 4 ? 2 : Math.max(3, Math.ceil(Math.sqrt(count)));
}

function slotCenter(box, index, count) {
  const cols = slotColumns(count);
  const slot = (box.size * 0.84) / cols;
  const left = box.x + box.size * 0.08;
  const top = box.y + box.size * 0.1;
  return [left + (index % cols + 0.5) * slot, top + (Math.floor(index / cols) + 0.5) * slot, slot];
}

function drawMark(parent, side, cx, cy, r, width) {
  const g = svg("g", { class: `mark ${side}`, "stroke-width": width }, parent);
  if (side === "X") {
    const d = r * 0.74;
    svg("line", { x1: cx - d, y1: cy - d, x2: cx + d, y2: cy + d }, g);
    svg("line", { x1: cx - d, y1: cy + d, x2: cx + d, y2: cy - d }, g);
  } else {
    svg("circle", { cx, cy, r: r * 0.8 }, g);
  }
  return g;
}

function subscript(parent, side, x, y, size, mark, extra = "") {
  const t = svg("text", { class: `sub ${side} ${extra}`, x, y, "font-size": size }, parent);
  t.textContent = String(mark);
  return t;
}

// The SVG of `view` (with `fill`: cell -> mark made classical, for a collapse preview).
// opts: boards (mini-boards to show large, or null), allowed (Set of cells tappable now),
// selected (a cell or null), fill (Map), interactive (data-cell hooks on), across (shown
// mini-boards side by side).
export function drawBoard(view, opts = {}) {
  const { boards = null, allowed = new Set(), selected = null, fill = null, interactive = true, across = false } = opts;
  const lay = layout(view, boards, across);
  const pair = boards && boards.length > 1;
  const root = svg("svg", {
    viewBox: `${-PAD} ${-PAD} ${lay.width + 2 * PAD} ${lay.height + 2 * PAD}`,
    class: boards === null && view.boards.length ? "overview" : pair ? (across ? "zoomed across" : "zoomed stacked") : "zoomed",
    role: "img",
  });
  const tangle = new Set(view.tangle);
  const cycle = new Set(view.cycle);
  const last = new Set(view.last);
  const classical = view.cells.slice();
  const spooky = [];
  for (const [k, a, b] of view.spooky) {
    // A preview resolves the tangle: its marks leave their spooky places.
    if (fill && tangle.has(k)) continue;
    spooky.push([k, a, b]);
  }
  if (fill) for (const [cell, mark] of fill) classical[cell] = mark;
  const halves = new Map(spooky.map(([k, a, b]) => [k, [a, b]]));
  const inCell = new Map();
  for (const [k, a, b] of spooky) for (const c of [a, b]) {
    if (!inCell.has(c)) inCell.set(c, []);
    inCell.get(c).push(k);
  }

  const won = view.won || [];
  for (const frame of lay.frames) {
    const winners = (won[frame.board] || []).join("");
    if (winners) svg("rect", { class: `mini-won-${winners}`, x: frame.x, y: frame.y, width: frame.size, height: frame.size, rx: 2 }, root);
  }
  const cellsLayer = svg("g", {}, root);
  for (const [cell, box] of lay.cells) {
    const attrs = { class: last.has(cell) ? "cell last" : "cell" };
    if (interactive && boards !== null || interactive && !view.boards.length) {
      attrs["data-cell"] = view.labels[cell];
      attrs["data-allowed"] = allowed.has(cell);
      attrs["data-selected"] = selected === cell;
    }
    if (fill && fill.has(cell)) attrs.class += " preview-fill";
    const g = svg("g", attrs, cellsLayer);
    svg("rect", { class: "cell-bg", x: box.x + 0.6, y: box.y + 0.6, width: box.size - 1.2, height: box.size - 1.2, rx: box.size * 0.08 }, g);
    svg("rect", { class: "cell-edge", x: box.x + 1.2, y: box.y + 1.2, width: box.size - 2.4, height: box.size - 2.4, rx: box.size * 0.08 }, g);
    // Its label in the corner, as on the window's board: the page's messages name cells by
    // it ("tap 5 again…", "↔ 5.3"). Not on a preview, nor in the overview's small cells,
    // where it would be noise.
    if (interactive && box.size >= LABELLED) {
      const label = svg("text", { class: "cell-label", x: box.x + box.size * 0.06, y: box.y + box.size * 0.05, "font-size": box.size * 0.12 }, g);
      label.textContent = view.labels[cell];
    }
  }
  const stroke = Math.min(...[...lay.cells.values()].map((b) => b.size)) * 0.035;
  // Only cells (and, in the overview, mini-boards) take taps; lines and curves let them through.
  const lines = svg("g", { "pointer-events": "none" }, root);
  for (const [x1, y1, x2, y2] of lay.lines) svg("line", { class: "gridline", x1, y1, x2, y2, "stroke-width": Math.max(0.35, stroke) }, lines);
  for (const frame of lay.frames) {
    const focus = (view.focus || []).includes(frame.board);
    const overview = interactive && boards === null;
    const g = svg("g", { "data-board": overview ? frame.board + 1 : null, "data-board-allowed": overview && focus }, root);
    // In the overview a tap anywhere on a mini-board zooms to it.
    if (overview) svg("rect", { class: "board-hit", x: frame.x, y: frame.y, width: frame.size, height: frame.size }, g);
    svg("rect", { class: `mini-frame${focus ? " focus" : ""}`, "pointer-events": "none", x: frame.x - 0.8, y: frame.y - 0.8, width: frame.size + 1.6, height: frame.size + 1.6, rx: 2 }, g);
  }

  // Curves under the marks, between the two halves of each spooky mark shown.
  const curves = svg("g", { "pointer-events": "none" }, root);
  const spot = (k, c) => {
    const box = lay.cells.get(c);
    if (!box) return null;
    const marks = inCell.get(c);
    return slotCenter(box, marks.indexOf(k), marks.length);
  };
  for (const [k, a, b] of spooky) {
    const p = spot(k, a);
    const q = spot(k, b);
    if (!p || !q || a === b) continue;
    const [mx, my] = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
    const [dx, dy] = [q[0] - p[0], q[1] - p[1]];
    const bend = 0.18;
    const d = `M${p[0]},${p[1]} Q${mx - dy * bend},${my + dx * bend} ${q[0]},${q[1]}`;
    const cls = cycle.has(k) ? "cycle" : tangle.has(k) ? "tangle" : "";
    svg("path", { class: `curve ${sideOf(k)} ${cls}`, d }, curves);
  }

  const marks = svg("g", { "pointer-events": "none" }, root);
  for (const [cell, box] of lay.cells) {
    const mark = classical[cell];
    if (mark) {
      const side = sideOf(mark);
      const cx = box.x + box.size / 2;
      const cy = box.y + box.size / 2 - box.size * 0.04;
      drawMark(marks, side, cx, cy, box.size * 0.3, box.size * 0.075);
      subscript(marks, side, box.x + box.size * 0.82, box.y + box.size * 0.8, box.size * 0.2, mark);
      continue;
    }
    const here = inCell.get(cell) || [];
    here.forEach((k, i) => {
      const [cx, cy, slot] = slotCenter(box, i, here.length);
      const cls = cycle.has(k) ? "spooky cycle" : tangle.has(k) ? "spooky tangle" : "spooky";
      const g = svg("g", { class: cls }, marks);
      drawMark(g, sideOf(k), cx - slot * 0.12, cy - slot * 0.06, slot * 0.3, slot * 0.085);
      subscript(g, sideOf(k), cx + slot * 0.3, cy + slot * 0.22, slot * 0.34, k);
      // Its other half on a board not shown: say where, since no curve can.
      const [a, b] = halves.get(k);
      const other = a === cell ? b : a;
      if (!lay.cells.has(other)) {
        const where = svg("text", { class: "elsewhere", x: cx, y: cy + slot * 0.5, "font-size": slot * 0.24 }, g);
        where.textContent = `↔ ${view.labels[other]}`;
      }
    });
  }

  if (view.over && !fill) {
    // In its player's colour, as the window and the TV strike it.
    for (const row of view.over.rows) strike(marks, lay, row, sideOf(classical[row[0]]), 0.06);
    // A line of won mini-boards, through their centre cells, twice as wide.
    for (const line of view.over.lines || []) {
      const centres = line.boards.map((b) => view.boards[b][view.boards[b].length >> 1]);
      strike(marks, lay, centres, line.side, 0.12, "board-line");
    }
  }
  return root;
}

// A line from the centre of the first of `cells` to the last's, where both are shown.
function strike(parent, lay, cells, side, width, extra = "") {
  const a = lay.cells.get(cells[0]);
  const b = lay.cells.get(cells[cells.length - 1]);
  if (!a || !b) return;
  svg("line", {
    class: `row-line ${side} ${extra}`.trim(),
    x1: a.x + a.size / 2, y1: a.y + a.size / 2, x2: b.x + b.size / 2, y2: b.y + b.size / 2,
    "stroke-width": a.size * width,
  }, parent);
}
