// The phone's connection to its host: the protocol's messages as JSON over a WebSocket
// (net/web.py). A seat's token is kept in the browser's storage, so a phone that slept, lost
// Wi-Fi or reloaded sits down again with it while the host still holds the seat.

const STORE = `qttt:${location.host}`;
const PROTOCOL = Number(document.querySelector('meta[name="qttt-protocol"]').content);
// The page makes its guest's token itself, kept before the first hello (to play, or to watch:
// a party's watcher becomes a member by it on joining the queue): a phone that sleeps or
// reloads before the welcome reaches it comes back with it to its own seat, as the same
// guest, not to a second one beside a ghost of itself (the host keeps it: OWN_TOKEN in
// net/host.py).
// How long a dropped phone keeps trying: the host holds a seat 60 s by default.
const RETRY_FOR_MS = 60000;
// A link that went silent (Wi-Fi gone without a word: no FIN, no RST) is noticed by the
// missing pongs: the host answers every ping, sent each ping_ms, so this many ping intervals
// without a message is a dead link, not a slow one. Before a welcome has said ping_ms, the
// host's default (5 s) is assumed; an opening that hangs is given up on the same way.
const SILENT_PINGS = 2.5;
const DEFAULT_PING_MS = 5000;
// Byes after which trying again cannot help, or would undo what was meant: the host removed
// this guest, the guest went on in another tab (which would then be put out in turn), or the
// party is full (a place frees up when someone leaves, not within a minute of retries: the
// guest reads why on the join screen and may watch, or try again). Any other drop (a sleep, a
// Wi-Fi gap) is retried.
const FINAL = [
  "the party is full",
  "no longer held",
  "reclaimed from another connection",
  "joined again from another connection",
  "removed you from the party",
  "no seat is open",
  "is taken",
  "spectators",
];

export function remembered() {
  try {
    return JSON.parse(localStorage.getItem(STORE)) || {};
  } catch {
    return {};
  }
}

// 16 random bytes in base64url, as the host's own tokens are (secrets.token_urlsafe(16)).
function newToken() {
  const bytes = String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16)));
  return btoa(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function remember(fields) {
  try {
    localStorage.setItem(STORE, JSON.stringify({ ...remembered(), ...fields }));
  } catch {
    // Private browsing may refuse storage: the phone still plays, it just cannot come back.
  }
}

export class Link {
  // onMessage(message) for every message; onDown(reason, final) when the connection ends.
  constructor(onMessage, onDown) {
    this.onMessage = onMessage;
    this.onDown = onDown;
    this.ws = null;
    this.hello = null;
    this.pinger = null;
    this.droppedAt = null; // when the connection dropped, while coming back
    this.retryTimer = null;
    this.bye = null;
    this.silentMs = DEFAULT_PING_MS * SILENT_PINGS;
    this.heardAt = 0; // when the host last said anything (or the socket was opened)
    setInterval(() => this.watch(), 250);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible") return;
      // Awake again: try at once if dropped, and prove the socket is still alive if not
      // (timers slept too, so the silence is counted afresh from here). The minute of trying
      // starts afresh too: the phone's sleep was no silence of the host's, and the Wi-Fi may
      // take a moment to come back.
      if (this.retryTimer) {
        this.droppedAt = Date.now();
        this.retryNow();
      } else if (this.ws) {
        this.heardAt = performance.now();
        this.send({ t: "ping" });
      }
    });
    window.addEventListener("online", () => this.retryTimer && this.retryNow());
  }

  // Sit (role "player") or watch; a remembered token reclaims a held seat, or, remembered
  // watching (a party's member out of the queue), is who watches. One kept for a seat is not
  // offered to watch: the host would seat the guest who asked to watch.
  join(name, role) {
    const { token, role: was } = remembered();
    const offered = (role === "player" || role === was ? token : null) ?? newToken();
    remember({ name, token: offered, role });
    this.hello = { t: "hello", version: PROTOCOL, role, name, seat: null, token: offered };
    this.droppedAt = null;
    this.open();
  }

  open() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.bye = null;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
    this.ws = ws;
    this.heardAt = performance.now();
    ws.onopen = () => ws.send(JSON.stringify(this.hello));
    ws.onmessage = (event) => {
      this.heardAt = performance.now();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.t === "welcome") this.welcomed(message);
      if (message.t === "bye") this.bye = message.reason;
      this.onMessage(message);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pinger);
      this.down();
    };
  }

  welcomed(welcome) {
    this.droppedAt = null;
    // Coming back, the phone asks for what it holds now: its seat's token, or its place as
    // a queued player or a spectator.
    remember({ token: welcome.token, role: welcome.role });
    this.hello = { ...this.hello, role: welcome.role, token: welcome.token };
    const every = Math.max(welcome.ping_ms, 50);
    this.silentMs = every * SILENT_PINGS;
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.send({ t: "ping" }), every);
  }

  // A socket the host has said nothing on for too long is given up (its close would come
  // only when the OS gives up on it, minutes later): the phone reconnects at once.
  watch() {
    const ws = this.ws;
    if (!ws || performance.now() - this.heardAt <= this.silentMs) return;
    // Detached first: whatever the dead socket still delivers (the host's bye to a connection
    // it sees replaced) is no longer this link's business.
    ws.onopen = ws.onmessage = ws.onclose = null;
    ws.close();
    this.ws = null;
    clearInterval(this.pinger);
    this.bye = null;
    this.down(`the host has not answered for ${Math.round(this.silentMs / 1000)} s; reconnecting…`);
  }

  // The socket ended (`why`: how, when no bye said): try again unless a bye says it cannot help.
  down(why = null) {
    const reason = this.bye;
    if (reason?.includes("is not spoken here")) {
      // The host was updated since this copy of the page was loaded: a fresh copy speaks the
      // host's version (it is filled in as the page is served), and sits down again.
      if (this.hello.role === "player") remember({ role: "player" });
      location.reload();
      return;
    }
    const final = reason !== null && FINAL.some((words) => reason.includes(words));
    if (final && reason.includes("no longer held")) this.forgetSeat();
    this.droppedAt ??= Date.now();
    if (!final && this.hello && Date.now() - this.droppedAt < RETRY_FOR_MS) {
      this.onDown(reason ?? why ?? "the connection dropped; coming back…", false);
      this.retryTimer = setTimeout(() => this.open(), 1000);
      return;
    }
    this.onDown(reason ?? "The host stopped answering: the table may have closed. Join again once it is back.", true);
  }

  // What the phone asks for when it comes back. A watcher who taps "Join the queue" asks to
  // play from then on: one that drops before the host's answer comes back in the queue, the
  // same guest by its token; a refusal puts back the role the host gave.
  ask(role) {
    remember({ role });
    if (this.hello) this.hello = { ...this.hello, role };
  }

  retryNow() {
    this.open();
  }

  forgetSeat() {
    remember({ token: null });
    if (this.hello) this.hello = { ...this.hello, token: null };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }
}
