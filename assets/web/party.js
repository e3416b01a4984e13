// A party table's part of the page: the queue, the scoreboard, emotes, leaving the queue.
// Everything comes from the host's `party` message; names are set as text, never as markup.

import { setText } from "./names.js";

const EMOTES = JSON.parse(document.querySelector('meta[name="qttt-emotes"]').content || "{}");

function half(points) {
  const whole = Math.floor(points / 2);
  return points % 2 ? (whole ? `${whole}½` : "½") : String(whole);
}

function cell(row, text) {
  const td = document.createElement("td");
  td.textContent = text;
  row.appendChild(td);
}

// Draw `party` into `root` for the phone whose party name is `me` and whose role is `role`;
// `queueing`: a change of the queue it sent is not answered yet.
export function drawParty(root, party, me, role, queueing) {
  root.hidden = !party;
  if (!party) return;
  const status = root.querySelector(".party-status");
  setText(status, party.status, party.standings.map((s) => s.name));
  status.classList.toggle("finished", party.finished); // who won the night: said large
  // A night that is over has no next game: whoever was still waiting is not "up" any more.
  root.querySelector(".queue-part").hidden = party.finished;
  const queue = root.querySelector(".queue");
  queue.replaceChildren(
    ...party.queue.map((name) => {
      const li = document.createElement("li");
      li.textContent = name;
      if (name === me) li.className = "me";
      // Dropped, their place kept: the games go on without them until they are back.
      if ((party.away ?? []).includes(name)) {
        li.classList.add("away");
        li.append(" (away)");
      }
      return li;
    }),
  );
  if (!party.queue.length) {
    const li = document.createElement("li");
    li.textContent = "nobody waiting";
    li.className = "empty";
    queue.replaceChildren(li);
  }
  const body = root.querySelector(".scoreboard tbody");
  body.replaceChildren(
    ...party.standings.map((s) => {
      const row = document.createElement("tr");
      row.className = [s.name === me ? "me" : "", s.here ? "" : "gone"].join(" ").trim();
      row.dataset.standing = s.name;
      // The host's rank, not the row's place: a guest here beyond the best 100 follows them.
      for (const text of [String(s.rank), s.name, half(s.half_points), String(s.played), String(s.wins), String(s.draws)]) cell(row, text);
      return row;
    }),
  );
  // In the queue: a player the party has here. One who asked to watch after the game in hand
  // still plays it, out of the queue, and may ask back in.
  const mine = party.standings.find((s) => s.name === me);
  const queued = role === "player" && (mine?.here ?? true);
  const leave = root.querySelector('[data-action="leave"]');
  const rejoin = root.querySelector('[data-action="queue"]');
  leave.hidden = !queued || party.finished;
  rejoin.hidden = queued || party.finished;
  leave.disabled = rejoin.disabled = queueing;
}

export function drawEmotes(root, send) {
  root.replaceChildren(
    ...Object.entries(EMOTES).map(([key, words]) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.emote = key;
      button.textContent = words;
      button.addEventListener("click", () => send({ t: "emote", emote: key }));
      return button;
    }),
  );
}

export function showEmoted(root, emoted) {
  const bubble = document.createElement("div");
  bubble.className = "bubble";
  setText(bubble, `${emoted.by}: ${EMOTES[emoted.emote] ?? emoted.emote}`, [emoted.by]);
  root.appendChild(bubble);
  while (root.children.length > 3) root.firstElementChild.remove(); // a flood shows the last few
  setTimeout(() => bubble.remove(), 2500);
}
