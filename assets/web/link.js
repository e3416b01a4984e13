// The phone's connection to its host: the protocol's messages as JSON over a WebSocket
// (net/web.py). A seat's token is kept in the browser's storage, so a phone that slept, lost
// Wi-Fi or reloaded sits down again with it while the host still holds the seat.

const STORE = `qttt:${location.host}`;
const PROTOCOL = Number(document.querySelector('meta[name="qttt-protocol"]').content);
// How long a dropped phone keeps trying: the host holds a seat 60 s by default.
const RETRY_FOR_MS = 60000;
// Byes after which trying again cannot help; any other drop (a sleep, a Wi-Fi gap) is retried.
const FINAL = ["no longer held", "reclaimed from another connection", "no seat is open", "is taken", "spectators"];

export function remembered() {
  try {
    return JSON.parse(localStorage.getItem(STORE)) || {};
  } catch {
    return {};
  }
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
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible") return;
      // Awake again: try at once if dropped, and prove the socket is still alive if not.
      if (this.retryTimer) this.retryNow();
      else this.send({ t: "ping" });
    });
    window.addEventListener("online", () => this.retryTimer && this.retryNow());
  }

  // Sit (role "player") or watch; a remembered token reclaims a held seat.
  join(name, role) {
    const { token } = remembered();
    remember({ name });
    this.hello = { t: "hello", version: PROTOCOL, role, name, seat: null, token: role === "player" ? token ?? null : null };
    this.droppedAt = null;
    this.open();
  }

  open() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.bye = null;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify(this.hello));
    ws.onmessage = (event) => {
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
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.send({ t: "ping" }), welcome.ping_ms);
  }

  down() {
    const reason = this.bye;
    const final = reason !== null && FINAL.some((words) => reason.includes(words));
    if (final && reason.includes("no longer held")) this.forgetSeat();
    this.droppedAt ??= Date.now();
    if (!final && this.hello && Date.now() - this.droppedAt < RETRY_FOR_MS) {
      this.onDown(reason ?? "the connection dropped; coming back…", false);
      this.retryTimer = setTimeout(() => this.open(), 1000);
      return;
    }
    this.onDown(reason ?? "lost the table", true);
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
