// Guests' names set apart from the sentences they are part of, as <bdi> does. A name in a
// right-to-left script otherwise takes the words and numbers after it into its own direction:
// "time is up for דנה: 3-9" was drawn "time is up for 3-9 :דנה". Only such names need it.

// Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic, and their presentation forms.
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

const escaped = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Set `node`'s text to `text`, each of `names` in it in a <bdi> of its own (its textContent
// stays `text`).
export function setText(node, text, names) {
  const apart = [...new Set(names)].filter((name) => name && RIGHT_TO_LEFT.test(name));
  if (!apart.length) {
    node.textContent = text;
    return;
  }
  // Longest first: "דנה 2" is one name, not "דנה" and a 2.
  apart.sort((a, b) => b.length - a.length);
  const parts = [];
  let at = 0;
  for (const found of text.matchAll(new RegExp(apart.map(escaped).join("|"), "g"))) {
    const bdi = document.createElement("bdi");
    bdi.textContent = found[0];
    parts.push(text.slice(at, found.index), bdi);
    at = found.index + found[0].length;
  }
  parts.push(text.slice(at));
  node.replaceChildren(...parts);
}
