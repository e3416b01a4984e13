// The phone page: a thin view of the host. It draws what the host's messages say (state,
// view, party) and sends intents back (move, rematch, queue, emote); the host decides.

import { drawBoard } from "./board.js";
import { Link, remembered } from "./link.js";
import { setText } from "./names.js";
import { drawEmotes, drawParty, showEmoted } from "./party.js";

const $ = (selector) => document.querySelector(selector);

const app = {
  name: "", // as typed; the welcome's name is the one the table knows this phone by
  welcome: null, // where this phone sits: role, seat, token, name
  table: null, // the host's last state
  view: null, // the host's last view of the position
  party: null, // a party table's queue, scoreboard and clock
  partyAt: 0, // when that party message came (the clock counts down from it)
  selected: null, // the first cell of a placement being made
  zoom: null, // null: the boards the move may use; "all": every board; a list: those boards
  // The move sent last that the host has not answered yet: { move, game, resent }. The page
  // waits for the answer ("Sent…"); after a reconnection it is sent once more or given up.
  unanswered: null,
  // The intent ("queue", "rematch") sent by a button the host has not answered yet: the button
  // waits for the answer, so a second tap before it is not sent, and refused in red ("you are
  // not in the queue", or the rematch already begun: "the game is not over yet").
  asking: null,
  resync: false, // a welcome came: the next view settles the unanswered move
  down: null, // why the link to the host is down, while it is being tried again
};

const OFFLINE = "not connected to the host: reconnecting…";
const link = new Link(onMessage, onDown);
// A phone on its side shows two mini-boards side by side rather than one above the other
// (style.css lays the page out beside the board under the same query).
const landscape = matchMedia("(orientation: landscape) and (max-height: 600px)");

// -- what the host says ----------------------------------------------------------------

function onMessage(message) {
  switch (message.t) {
    case "welcome":
      // Someone here has the name typed already: the table numbers this phone's ("Ada 2").
      if (message.role === "player" && message.name.startsWith(`${app.name} `)) say(`${app.name} is taken here: you are ${message.name}`, true);
      app.name = message.name;
      app.welcome = message;
      app.down = null;
      app.resync = true;
      app.selected = null;
      app.asking = null;
      // Back: what the news said of the link being down is over.
      for (const line of $("#notice").querySelectorAll(".link")) line.remove();
      show("game");
      break;
    case "state":
      app.table = message;
      if (app.asking === "rematch") app.asking = null; // a rematch shows in the state
      break;
    case "view": {
      const before = app.view;
      app.view = message;
      if (!before || before.ply !== message.ply || before.game !== message.game) {
        app.selected = null;
        app.zoom = null;
        hideRefusal();
      }
      answer(message);
      break;
    }
    case "party":
      app.party = message;
      app.partyAt = performance.now();
      if (app.asking === "queue") app.asking = null; // the queue, in the party's message
      break;
    case "refused":
      app.unanswered = null; // the host answered (whatever intent it was: one is enough)
      app.selected = null;
      if (app.asking === "queue" && app.welcome) link.ask(app.welcome.role);
      app.asking = null;
      refuse(message.reason);
      break;
    case "notice":
      say(message.text);
      break;
    case "emoted":
      showEmoted($("#emoted"), message);
      return;
    default:
      return;
  }
  render();
}

function onDown(reason, final) {
  if (final) {
    app.welcome = null;
    app.down = null;
    show("join");
    $("#join-message").textContent = reason;
  } else {
    // Down until the next welcome: said at the top and in the status line, and taps are
    // refused meanwhile rather than sent into a socket nobody reads.
    app.down = reason;
    say(reason).classList.add("link");
    render();
  }
}

// What became of the move sent last, now that a view came: played (the game moved on),
// still on its way, or, in the first view after a welcome (a reconnection), not seen by the
// host: sent once more, as the window's client does (net/client.py). The ply makes that
// safe: a host that did apply it refuses a repeat. Sent again already: given up, said so.
function answer(view) {
  const resync = app.resync;
  app.resync = false;
  const waiting = app.unanswered;
  if (!waiting) return;
  if (view.game !== waiting.game || view.ply > waiting.move.ply) {
    app.unanswered = null;
  } else if (resync) {
    if (!waiting.resent && app.welcome?.seat === waiting.move.side && link.send(waiting.move)) {
      waiting.resent = true;
    } else {
      app.unanswered = null;
      refuse(`your move ${waiting.move.token} did not reach the host: play it again`);
    }
  }
}

// A line of news (someone sat down, dropped, came back) that goes after a while. News comes in
// bursts (a game ends, the next is called, someone joins): the last three lines stay together,
// so the one that mattered is not replaced before it is read; news of this phone's own (`own`)
// stays through the burst it starts. The same line again is not repeated.
function say(text, own = false) {
  const news = $("#notice");
  let line = news.lastElementChild;
  if (line?.textContent !== text) {
    line = document.createElement("div");
    setText(line, text, names());
    line.classList.toggle("own", own);
    news.appendChild(line);
    while (news.children.length > 3) (news.querySelector(":not(.own)") ?? news.firstElementChild).remove();
  }
  clearTimeout(line.timer);
  line.timer = setTimeout(() => line.remove(), 8000);
  return line;
}

// -- what this phone may do now ----------------------------------------------------------

function cellsOf(hex) {
  const cells = new Set();
  if (!hex) return cells;
  let bits = BigInt(`0x${hex}`);
  for (let i = 0; bits; i++, bits >>= 1n) if (bits & 1n) cells.add(i);
  return cells;
}

function seated() {
  return app.table ? app.table.seats.every((seat) => seat.name !== null) : false;
}

function myTurn() {
  const { view, welcome } = app;
  return Boolean(view && welcome && welcome.seat && view.to_play === welcome.seat && seated() && !app.unanswered);
}

// My turn, and the host can hear it.
function canPlay() {
  return myTurn() && !app.down;
}

// Everyone the page knows by name: set apart in the sentences that name them (names.js).
function names() {
  const { table, party, welcome } = app;
  return [
    welcome?.name,
    ...(table?.seats ?? []).map((seat) => seat.name),
    ...(party?.queue ?? []),
    ...(party?.standings ?? []).map((s) => s.name),
  ];
}

function myName() {
  return app.welcome?.name || app.name;
}

function allowedNow() {
  const { view } = app;
  if (!canPlay() || view.pending !== null) return new Set();
  if (app.selected === null) return cellsOf(view.starts);
  const cells = cellsOf(view.finish[String(app.selected)]);
  cells.add(app.selected); // tapping it again takes it back
  return cells;
}

function boardsShown() {
  const { view } = app;
  if (!view.boards.length || app.zoom === "all") return null;
  if (Array.isArray(app.zoom)) return app.zoom;
  // One or two mini-boards (Ultimate's sending rule, a collapse's tangle): those, large;
  // more: all nine, and a tap on one zooms to it.
  return view.focus.length && view.focus.length <= 2 ? view.focus : null;
}

// Why a tap on the board can do nothing now, in words; null when it may be a move.
function cannotTap() {
  const { view, welcome } = app;
  if (app.down) return OFFLINE;
  if (view.over) return "this game is over";
  if (!welcome?.seat) return app.party ? "you are not in this game: the queue says who plays next" : "you are watching this game";
  if (!seated()) return `the game starts once someone sits at ${app.table.seats.find((s) => s.name === null).side}`;
  if (app.unanswered) return "your move is on its way to the host";
  if (view.to_play !== welcome.seat) {
    const who = seatName(view.to_play);
    return view.pending !== null ? `${who} chooses how the cycle collapses` : `it is ${who}'s move`;
  }
  if (view.pending !== null) return "choose how the cycle collapses: tap one of the boards below";
  return null;
}

function tapCell(label) {
  const { view } = app;
  const cell = view.labels.indexOf(label);
  const why = cannotTap();
  if (why) return refuse(why);
  const starts = cellsOf(view.starts);
  if (app.selected === null) {
    if (starts.has(cell)) select(cell);
    else refuse(cannotStart(cell));
  } else {
    const finish = cellsOf(view.finish[String(app.selected)]);
    if (finish.has(cell)) return place(app.selected, cell);
    if (cell === app.selected) app.selected = null;
    else if (starts.has(cell)) select(cell);
    else refuse(view.cells[cell] ? `cell ${label} is taken` : `cell ${label} cannot go with cell ${view.labels[app.selected]}`);
  }
  render();
}

// Why `cell` cannot start this move: taken, or on a board the move may not use (Ultimate's
// sending rule, or a board full) rather than just "cannot".
function cannotStart(cell) {
  const { view } = app;
  const label = view.labels[cell];
  if (view.cells[cell]) return `cell ${label} is taken`;
  if (view.boards.length && !view.focus.includes(boardOf(cell))) {
    return view.focus.length <= 2 ? `this move goes on ${boardsNamed(view.focus)}` : `nothing more can go on board ${boardOf(cell) + 1}`;
  }
  return `cell ${label} cannot start a move now`;
}

// "board 3", "boards 3 and 5", for mini-boards numbered from 0.
function boardsNamed(boards) {
  return `${boards.length > 1 ? "boards" : "board"} ${boards.map((b) => b + 1).join(" and ")}`;
}

function boardOf(cell) {
  return Math.floor(cell / app.view.boards[0].length);
}

// The first half of a move picked. On a mini-board shown alone, its other half may have to
// go on another board (one that is full, or a free Ultimate move): then its board and the
// other are shown, or all nine, lit where the other half may go, when it could go on several.
function select(cell) {
  app.selected = cell;
  const shown = boardsShown();
  if (shown === null) return;
  const boards = new Set([...cellsOf(app.view.finish[String(cell)])].map(boardOf));
  if ([...boards].some((b) => shown.includes(b))) return;
  boards.add(boardOf(cell));
  app.zoom = boards.size <= 2 ? [...boards].sort((a, b) => a - b) : "all";
}

// A tap on a mini-board in the overview shows it large, beside the board of the half already
// picked, if any: both halves of the move in sight.
function zoomTo(board) {
  const first = app.selected === null ? board : boardOf(app.selected);
  app.zoom = first === board ? [board] : [first, board].sort((a, b) => a - b);
  render();
}

function place(a, b) {
  const { view } = app;
  send({ t: "move", side: app.welcome.seat, ply: view.ply, token: `${view.labels[a]}-${view.labels[b]}` });
}

function send(message) {
  // A socket may be open yet dead (not noticed yet) or not sat down again: while the link is
  // down nothing is sent, so nothing is lost unseen.
  if (app.down || !link.send(message)) return refuse(OFFLINE);
  if (message.t === "move") app.unanswered = { move: message, game: app.view.game, resent: false };
  if (message.t === "queue" || message.t === "rematch") app.asking = message.t;
  if (message.t === "queue" && message.join) link.ask("player");
  render();
}

function refuse(reason) {
  const line = $("#refusal");
  setText(line, reason, names());
  line.hidden = false;
  clearTimeout(refuse.timer);
  refuse.timer = setTimeout(hideRefusal, 5000);
}

function hideRefusal() {
  $("#refusal").hidden = true;
}

// -- drawing -------------------------------------------------------------------------------

function show(screen) {
  $("#join").hidden = screen !== "join";
  $("#game").hidden = screen !== "game";
}

function seatName(side) {
  const seat = app.table?.seats.find((s) => s.side === side);
  return seat?.name ?? null;
}

function render() {
  const { view, table, welcome } = app;
  $("#link-down").hidden = !app.down;
  $("#game").classList.toggle("offline", Boolean(app.down));
  drawParty($("#party"), app.party, myName(), welcome?.role, app.asking === "queue");
  for (const side of ["X", "O"]) {
    const box = $(`.seat[data-side="${side}"]`);
    const seat = table?.seats.find((s) => s.side === side);
    const me = welcome?.seat === side;
    // At a party nobody takes a seat (the queue seats the next two): an empty one is no
    // "open seat", and nobody there is to move.
    const unseated = Boolean(app.party) && !seat?.name;
    box.querySelector(".who").textContent = seat?.name ?? (unseated ? "" : "open seat");
    box.querySelector(".you").hidden = !me;
    box.querySelector(".pts").textContent = view && !unseated ? view.scores[side] : "";
    box.classList.toggle("to-play", Boolean(view && view.to_play === side && !unseated));
    box.classList.toggle("away", Boolean(seat?.name && !seat.connected));
    box.classList.toggle("me", me);
  }
  if (!view) {
    $("#status").textContent = app.down ? "Reconnecting to the host…" : "Waiting for the table…";
    return;
  }
  setText($("#status"), statusLine(), names());
  $("#status").classList.toggle("mine", canPlay());
  drawZoomBar();
  const allowed = allowedNow();
  const across = landscape.matches;
  const board = drawBoard(view, { boards: boardsShown(), allowed, selected: app.selected, across });
  board.addEventListener("click", (event) => {
    const target = event.target.closest("[data-cell], [data-board]");
    if (!target) return;
    if (target.dataset.cell !== undefined) tapCell(target.dataset.cell);
    else zoomTo(Number(target.dataset.board) - 1);
  });
  if (view.boards.length && boardsShown() === null) markBoardsWithMoves(board, allowed);
  $("#board").replaceChildren(board);
  drawOutcomes();
  drawOver();
}

function markBoardsWithMoves(board, allowed) {
  // The boards where the move may go on: a picked first half's own board only if its other
  // half may go there too.
  const boards = new Set([...allowed].filter((cell) => cell !== app.selected).map(boardOf));
  for (const g of board.querySelectorAll("[data-board]")) {
    if (boards.has(Number(g.dataset.board) - 1)) g.setAttribute("data-board-allowed", "");
    else g.removeAttribute("data-board-allowed");
  }
}

function statusLine() {
  const { view, welcome } = app;
  const mine = myTurn();
  if (app.down) return "Reconnecting to the host…";
  // The end of the night, not of one more game: nothing follows (the party's line says who won).
  if (app.party?.finished) return "The party is over";
  if (view.over) return "Game over";
  if (!seated()) {
    // A party seats its players from the queue: nobody is waited for at a seat.
    if (app.party) return "Waiting for the next game…";
    const open = app.table.seats.find((s) => s.name === null);
    return `Waiting for a player at ${open.side}…`;
  }
  if (app.unanswered) return "Sent…";
  const who = `${seatName(view.to_play)} (${view.to_play})`;
  if (view.pending !== null) {
    return mine ? "A cycle! Choose how it collapses" : `${who} chooses how the cycle collapses`;
  }
  if (mine) {
    const mark = `${view.to_play}${view.move}`;
    if (app.selected === null) return "Your move: tap two cells";
    if (view.boards.length && boardsShown() === null) return `Now tap a board for ${mark}'s second half`;
    return `Now a second cell for ${mark} (tap ${view.labels[app.selected]} again to take it back)`;
  }
  return welcome?.seat ? `${who} is thinking…` : `${who} to move`;
}

function drawZoomBar() {
  const { view } = app;
  const bar = $("#zoom-bar");
  const shown = boardsShown();
  bar.hidden = !view.boards.length || shown === null;
  if (bar.hidden) return;
  const names = boardsNamed(shown);
  bar.querySelector(".where").textContent = names[0].toUpperCase() + names.slice(1);
}

// The mini-boards a collapse preview shows large: the tangle's, when one or two; else the
// cycle's, when one or two (all nine in a preview's width are too small to tell apart, and
// the board above shows the whole tangle); else all nine.
function previewBoards() {
  const { view } = app;
  if (!view.boards.length) return null;
  if (view.focus.length <= 2) return view.focus;
  const cycle = new Set(view.cycle);
  const boards = new Set(view.spooky.filter(([k]) => cycle.has(k)).flatMap(([, a, b]) => [boardOf(a), boardOf(b)]));
  return boards.size <= 2 ? [...boards].sort((a, b) => a - b) : null;
}

function drawOutcomes() {
  const { view } = app;
  const box = $("#outcomes");
  const choose = myTurn() && view.pending !== null;
  box.hidden = !choose;
  if (!choose) return box.replaceChildren();
  const title = document.createElement("p");
  title.className = "title";
  title.textContent = "Tap the board you want";
  const boards = previewBoards();
  const previews = view.outcomes.map((outcome, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.outcome = String(i);
    const fill = new Map(outcome.cells);
    button.appendChild(drawBoard(view, { boards, fill, interactive: false, across: landscape.matches }));
    const words = document.createElement("span");
    const [mark, cell] = outcome.token.split("@");
    words.textContent = `${Number(mark) % 2 ? "X" : "O"}${mark} lands in ${cell}`;
    button.appendChild(words);
    button.addEventListener("click", () => send({ t: "move", side: app.welcome.seat, ply: view.ply, token: outcome.token }));
    return button;
  });
  box.replaceChildren(title, ...previews);
}

function drawOver() {
  const { view, table, welcome } = app;
  const over = $("#over");
  if (!view.over) {
    over.hidden = true;
    over.removeAttribute("data-over");
    return;
  }
  over.hidden = false;
  over.setAttribute("data-over", view.over.winner ?? "draw");
  const winner = view.over.winner;
  // The winner's points first, as the news and the window say it: "O wins 1–0", not "0–1".
  const [first, second] = winner === "O" ? ["O", "X"] : ["X", "O"];
  const score = `${view.scores[first]}–${view.scores[second]}`;
  const name = winner && seatName(winner); // an open seat has none: its side says it all
  const who = name ? `${name} (${winner})` : winner;
  // As the window says it: a shared win (both players' lines at once) is not a draw.
  const tie = view.over.shared ? "Shared win" : "A draw";
  setText(over.querySelector(".verdict"), winner ? `${who} wins ${score}` : `${tie} ${score}`, names());
  const rematch = over.querySelector('[data-action="rematch"]');
  rematch.hidden = Boolean(app.party) || !welcome?.seat;
  const asked = table.rematch.includes(welcome?.seat);
  rematch.disabled = asked || app.asking === "rematch";
  rematch.textContent = asked ? "Waiting for the other player…" : "Rematch";
}

function tickClock() {
  const clock = $(".clock");
  const party = app.party;
  // No game on (the party waits for players), or no host to keep the time: no clock to show.
  if (!party || !party.clock_ms || !party.playing.length || app.down || !app.view || app.view.over) {
    clock.hidden = true;
    return;
  }
  // A clock the host paused stands still until the next party message.
  const running = party.paused ? 0 : performance.now() - app.partyAt;
  const left = Math.max(0, party.left_ms - running);
  clock.hidden = false;
  clock.textContent = `${Math.ceil(left / 1000)} s${party.paused ? " (paused)" : ""}`;
  clock.classList.toggle("short", left < 5000);
}

// -- wiring ---------------------------------------------------------------------------------

function join(role) {
  const field = $("input[name=name]");
  const name = field.value.trim().replace(/\s+/g, " ");
  if (role === "player" && !name) {
    $("#join-message").textContent = "Type your name first";
    field.focus();
    return;
  }
  app.name = name || "guest";
  $("#join-message").textContent = "";
  link.join(app.name, role);
  show("game");
  render();
}

function start() {
  $("#join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    join("player");
  });
  $('[data-action="watch"]').addEventListener("click", () => join("spectator"));
  $('[data-action="overview"]').addEventListener("click", () => {
    app.zoom = "all";
    render();
  });
  $('[data-action="rematch"]').addEventListener("click", () => send({ t: "rematch" }));
  $('[data-action="leave"]').addEventListener("click", () => send({ t: "queue", join: false }));
  $('[data-action="queue"]').addEventListener("click", () => send({ t: "queue", join: true }));
  drawEmotes($("#emotes"), send);
  setInterval(tickClock, 250);
  landscape.addEventListener("change", render);
  const saved = remembered();
  $("input[name=name]").value = saved.name ?? "";
  if (saved.name && (saved.token || saved.role === "player")) {
    // Back from a reload or a sleep: sit down again with the seat's token (or re-queue), or
    // watch again as the party's member who left the queue to watch.
    app.name = saved.name;
    link.join(saved.name, saved.role === "spectator" ? "spectator" : "player");
    show("game");
    render();
  } else {
    show("join");
  }
}

start();
