/**
 * Typing a decision: a text field whose completion list holds exactly the decisions the server
 * listed as legal (`view.legal_actions`), in the documented notation (docs/notation.md), each
 * with its description in the page's language. Submitting sends the typed text only when it is
 * one of them (spaces tidied up, edges under their canonical names); anything else gets a
 * message and is not sent. The server checks the decision again anyway.
 */

import { describe } from "./actions.js";
import { parseDecision } from "./notation.js";

const FILES = "abcdefg";

/**
 * The canonical name of every edge in `text` (docs/notation.md, "Edges"): an edge is named
 * after the square below or to the left of it, so `c3S` reads `c2N` and `d2W` reads `c2E`;
 * the board's bottom and left borders keep their only names (`e1S`, `a4W`).
 */
export function canonicalEdges(text) {
  return text.replace(/\b([a-g])([1-7])([NESW])\b/g, (whole, file, rank, side) => {
    if (side === "S" && rank !== "1") return `${file}${Number(rank) - 1}N`;
    if (side === "W" && file !== "a") return `${FILES[FILES.indexOf(file) - 1]}${rank}E`;
    return whole;
  });
}

export class NotationEntry {
  /** form: the `<form>` holding the input, its `<datalist>` and an error element. */
  constructor(form, { submit, messages }) {
    this.form = form;
    this.input = form.querySelector("input");
    this.list = form.querySelector("datalist");
    this.error = form.querySelector("[data-entry-error]");
    this.submit = submit;
    this.messages = messages;
    this.legal = [];
    this.key = "";
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.send();
    });
    this.input.addEventListener("input", () => this.showError(null));
  }

  /** The legal decisions now (texts); an empty list hides the field. */
  setLegal(texts) {
    const key = texts.join("\n");
    this.form.hidden = texts.length === 0;
    if (key === this.key) return;
    this.key = key;
    this.legal = texts;
    this.input.value = "";
    this.showError(null);
    const options = texts.map((text) => {
      const option = document.createElement("option");
      option.value = text;
      option.label = describe(parseDecision(text));
      return option;
    });
    this.list.replaceChildren(...options);
  }

  send() {
    const text = canonicalEdges(this.input.value.trim().replace(/\s+/g, " "));
    if (!text) return;
    if (!this.legal.includes(text)) {
      this.showError(this.messages.notLegal);
      return;
    }
    this.showError(null);
    this.submit(text);
  }

  showError(message) {
    this.error.textContent = message ?? "";
    this.error.hidden = !message;
    this.input.setAttribute("aria-invalid", message ? "true" : "false");
  }
}
