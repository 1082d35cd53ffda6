/**
 * The action builder: turns the legal decisions the server listed (`view.legal_actions`) into
 * choices on the board and in a panel. It offers nothing else, so an illegal decision cannot be
 * built; the server checks every decision again anyway.
 *
 * Clicking one of the player's highlighted pieces selects it and marks what it can do: squares
 * to move to (cavalry: every distance), the intrude-or-stay choice, squares to shoot at, edges
 * for a fence, and in the panel its rotations and the "lead the chain" choice. Deployment and
 * reinforcement squares open a kind × facing choice; set-up has a general picker (click a
 * piece) and a hand/deck arranger; the command step lists the cards to play, "end" and
 * "dispatch". Every legal decision is also a button in the "all legal decisions" list.
 *
 * Expansion formats (docs/expansion.md): the draft's pick buttons, a secret-deck builder and the
 * expansion-card chooser (each confirm button only enabled when the built text is one the
 * server listed), the 軍師の閃き exchange (take × remove, or keep), 援軍経路 squares with the
 * kind × facing choice, 将軍偵察 targets on the opponent's pieces and 伝令偵察 slot buttons,
 * 位置入替 partners (click one piece, then the other). 高速移動's order of move and turn,
 * 強弩攻撃 targets and 軽装歩兵's two-square moves come as ordinary moves, turns and shots from
 * the selected piece.
 */

import { CARD_ORDER, cardChip, cardName, glyph, html, otherSide } from "./board.js";
import { t } from "./i18n.js";
import { parseDecision } from "./notation.js";

const DIRECTIONS = ["N", "E", "S", "W"];
const SCREEN_ARROWS = { N: "↑", E: "→", S: "↓", W: "←" };
const FLIPPED = { N: "S", E: "W", S: "N", W: "E" };
const PIECE_KINDS = { I: "piece_infantry", A: "piece_archer", C: "piece_cavalry" };

/** The arrow that shows `direction` on a board drawn with `bottom` at the bottom. */
function arrow(direction, bottom) {
  return SCREEN_ARROWS[bottom === "blue" ? FLIPPED[direction] : direction];
}

function directionLabel(direction) {
  return t(`dir_${direction}`);
}

/** A button that submits decision `text` when clicked (the builder listens for data-action). */
function decisionButton(text, label, { primary = false, extraClass = "" } = {}) {
  return html(
    "button",
    {
      type: "button",
      class: `button decision${primary ? " button--primary" : ""} ${extraClass}`.trim(),
      dataset: { action: text },
      title: text,
    },
    label,
  );
}

/** A human label for a decision (used in the option lists). */
export function describe(decision) {
  const d = decision;
  switch (d.type) {
    case "deploy":
      return t("deploy_piece", { piece: t(PIECE_KINDS[d.kind]), square: d.to, direction: directionLabel(d.direction) });
    case "deploy_fence":
      return t("deploy_fence", { edge: d.edge });
    case "general":
      return t("choose_general", { square: d.to });
    case "play":
      return t("play_card", { card: cardName(d.card) });
    case "end":
      return t("end_command");
    case "dispatch":
      return t("dispatch");
    case "done":
      return t("done_chain");
    case "move":
      return d.intrude ? t("move_intrude", { square: d.to }) : t("move_to", { square: d.to });
    case "select":
      return t("select_lead", { direction: directionLabel(d.direction) });
    case "rotate":
      return t("rotate_to", { direction: directionLabel(d.direction) });
    case "shoot":
      return t("shoot_at", { square: d.to });
    case "fence":
      return t("fence_at", { edge: d.edge });
    case "reinforce":
      return t("reinforce_piece", { piece: t(PIECE_KINDS[d.kind]), square: d.to, direction: directionLabel(d.direction) });
    case "route":
      return t("route_piece", { piece: t(PIECE_KINDS[d.kind]), square: d.to, direction: directionLabel(d.direction) });
    case "pick":
      return t("pick_card", { card: cardName(d.card) });
    case "deck":
      return d.cards.map(cardName).join(", ");
    case "prepare":
      return t("prepare_cards", { cards: d.cards.map(cardName).join(", ") });
    case "exchange":
      return t("exchange_card", { take: cardName(d.take), give: cardName(d.give) });
    case "keep":
      return t("keep_hand");
    case "scout_card":
      return d.slot === "swift" ? t("scout_swift") : t("scout_card", { slot: t(`slot_${d.slot}`) });
    case "scout_general":
      return t("scout_general", { square: d.to });
    case "swap":
      return t("swap_pieces", { a: d.from, b: d.to });
    default:
      return d.text;
  }
}

export class ActionBuilder {
  /**
   * submit(text): send a decision. bottom: "red" or "blue" (for arrows on facing buttons).
   * onChange(): the builder's selection changed; redraw the board and the panel.
   */
  constructor({ submit, onChange }) {
    this.submit = submit;
    this.onChange = onChange;
    this.game = null;
    this.bottom = "red";
    this.selected = null;
    this.placement = null; // a square whose deploy/reinforce choices are open
    this.arrangement = null; // set-up: {hand: [...], deck: [...]} being arranged
    this.chosen = null; // prepare / secret deck: the cards chosen so far
    this.decisions = [];
    this.locked = false;
    this.allOpen = false;
    this.fenceMode = false;
    this.choice = null;
    this.panel = html("section", { class: "action-panel", "aria-label": t("choose") });
    this.panel.addEventListener("click", (event) => this.onPanelClick(event));
  }

  /** A new view: reset choices when the position changed. */
  setGame(game, { seat, bottom, enabled }) {
    const changed = !this.game || this.game.ply !== game.ply || this.enabled !== enabled;
    this.game = game;
    this.seat = seat;
    this.bottom = bottom;
    this.enabled = enabled;
    this.decisions = enabled ? game.legal_actions.map(parseDecision) : [];
    if (changed) {
      this.selected = null;
      this.placement = null;
      this.arrangement = null;
      this.chosen = null;
      this.choice = null;
      this.unlock();
    }
  }

  lock() {
    this.locked = true;
    this.panel.classList.add("is-waiting");
  }

  unlock() {
    this.locked = false;
    this.panel.classList.remove("is-waiting");
  }

  send(text) {
    if (this.locked) return;
    this.lock();
    this.submit(text);
  }

  // ------------------------------------------------------------------ board interaction

  /**
   * Decisions that start from a piece on `square` (moves, select, rotate, shoot, fence, and
   * 位置入替 swaps, which start from either of the two pieces).
   */
  fromSquare(square) {
    return this.decisions.filter((d) => d.from === square || (d.type === "swap" && d.to === square));
  }

  /** The square a swap decision exchanges `square` with. */
  static swapPartner(d, square) {
    return d.from === square ? d.to : d.from;
  }

  /** Decisions that place something on `square` (deploy, reinforce, 援軍経路, general). */
  placements(square) {
    return this.decisions.filter(
      (d) => ["deploy", "reinforce", "route", "general"].includes(d.type) && d.to === square,
    );
  }

  /**
   * Deployment offers pieces and fences at once; drawing every camp edge next to every camp
   * square would hide the board, so fences are shown in their own mode (or when they are all
   * that is left).
   */
  fenceModeActive() {
    const pieces = this.decisions.some((d) => d.type === "deploy");
    return this.fenceMode || !pieces;
  }

  /** Deployment with fences left to place but no piece (no LP, stock or camp square for one). */
  fencesOnly() {
    return this.decisions.some((d) => d.type === "deploy_fence") && !this.decisions.some((d) => d.type === "deploy");
  }

  /** What the board should highlight, and where clicks go (renderBoard's `interaction`). */
  interaction() {
    if (!this.enabled || !this.decisions.length) return {};
    const selectable = new Set();
    const targets = new Map();
    const edges = new Map();
    for (const d of this.decisions) {
      if (d.from) selectable.add(d.from);
      if (d.type === "swap") selectable.add(d.to);
      if ((d.type === "deploy" && !this.fenceModeActive()) || d.type === "reinforce" || d.type === "route") {
        targets.set(d.to, "place");
      }
      if (d.type === "scout_general") targets.set(d.to, "scout");
      if (d.type === "general") targets.set(d.to, "general");
      if (d.type === "deploy_fence" && this.fenceModeActive()) edges.set(d.edge, "fence");
    }
    if (this.selected) {
      for (const d of this.fromSquare(this.selected)) {
        if (d.type === "move") {
          const occupied = this.game.board.some((p) => p.square === d.to);
          targets.set(d.to, occupied ? "capture" : "move");
        } else if (d.type === "shoot") {
          targets.set(d.to, "shoot");
        } else if (d.type === "fence") {
          edges.set(d.edge, "fence");
        } else if (d.type === "swap") {
          targets.set(ActionBuilder.swapPartner(d, this.selected), "swap");
        }
      }
    } else {
      for (const square of selectable) if (!targets.has(square)) targets.set(square, "piece");
    }
    if (this.placement) targets.delete(this.placement);
    return {
      selectable,
      targets,
      edges,
      selected: this.selected ?? this.placement,
      onSquare: (square) => this.clickSquare(square),
      onEdge: (edge) => this.clickEdge(edge),
    };
  }

  clickSquare(square) {
    if (!this.enabled || this.locked) return;
    if (this.selected) {
      const here = this.fromSquare(this.selected).filter(
        (d) => (d.type === "move" || d.type === "shoot") && d.to === square,
      );
      if (here.length === 1) {
        this.send(here[0].text);
        return;
      }
      if (here.length > 1) {
        this.choice = { square, decisions: here }; // intrude or stay
        this.onChange();
        return;
      }
      const swap = this.fromSquare(this.selected).find(
        (d) => d.type === "swap" && ActionBuilder.swapPartner(d, this.selected) === square,
      );
      if (swap) {
        this.send(swap.text);
        return;
      }
    }
    const scout = this.decisions.find((d) => d.type === "scout_general" && d.to === square);
    if (scout) {
      this.selected = null;
      this.placement = null;
      this.choice = { square, decisions: [scout] }; // confirm: asking costs 5 LP
      this.onChange();
      return;
    }
    const placements = this.placements(square);
    if (placements.length === 1 && placements[0].type === "general") {
      this.selected = null;
      this.placement = square;
      this.choice = null;
      this.onChange();
      return;
    }
    if (placements.length) {
      this.selected = null;
      this.placement = square;
      this.choice = null;
      this.onChange();
      return;
    }
    if (this.fromSquare(square).length) {
      this.selected = this.selected === square ? null : square;
      this.placement = null;
      this.choice = null;
      this.onChange();
      return;
    }
    this.selected = null;
    this.placement = null;
    this.choice = null;
    this.onChange();
  }

  clickEdge(edge) {
    if (!this.enabled || this.locked) return;
    const fence = this.selected
      ? this.fromSquare(this.selected).find((d) => d.type === "fence" && d.edge === edge)
      : this.decisions.find((d) => d.type === "deploy_fence" && d.edge === edge);
    if (fence) this.send(fence.text);
  }

  onPanelClick(event) {
    const button = event.target.closest("button");
    if (!button || button.disabled) return;
    if (button.dataset.action) {
      this.send(button.dataset.action);
      return;
    }
    const command = button.dataset.command;
    if (command === "cancel") {
      this.selected = null;
      this.placement = null;
      this.choice = null;
      this.onChange();
    } else if (command === "fence-mode") {
      this.fenceMode = !this.fenceMode;
      this.placement = null;
      this.onChange();
    } else if (command === "toggle-card") {
      this.toggleCard(Number(button.dataset.index), button.dataset.from);
    } else if (command === "deck-up" || command === "deck-down") {
      this.shiftDeck(Number(button.dataset.index), command === "deck-up" ? -1 : 1);
    } else if (command === "choose-add" || command === "choose-remove") {
      this.changeChosen(button.dataset.card, command === "choose-add");
    }
  }

  // ------------------------------------------------------------------ set-up arranging

  cardsDecisions() {
    return this.decisions.filter((d) => d.type === "cards");
  }

  ensureArrangement() {
    if (this.arrangement) return;
    const first = this.cardsDecisions()[0];
    this.arrangement = { hand: [...first.hand], deck: [...first.deck] };
  }

  toggleCard(index, from) {
    const { hand, deck } = this.arrangement;
    if (from === "hand") {
      deck.push(...hand.splice(index, 1));
    } else if (hand.length < 3) {
      hand.push(...deck.splice(index, 1));
    }
    this.onChange();
  }

  shiftDeck(index, delta) {
    const deck = this.arrangement.deck;
    const target = index + delta;
    if (target < 0 || target >= deck.length) return;
    [deck[index], deck[target]] = [deck[target], deck[index]];
    this.onChange();
  }

  arrangementText() {
    const hand = [...this.arrangement.hand].sort((a, b) => CARD_ORDER[a] - CARD_ORDER[b]);
    return `cards ${hand.join(",")} / ${this.arrangement.deck.join(",")}`;
  }

  renderArranger() {
    this.ensureArrangement();
    const { hand, deck } = this.arrangement;
    const text = this.arrangementText();
    const legal = this.cardsDecisions().some((d) => d.text === text);
    const handList = html(
      "ul",
      { class: "arranger__hand" },
      hand.map((code, index) =>
        html(
          "li",
          {},
          html("button", { type: "button", class: "arranger__card", dataset: { command: "toggle-card", index: String(index), from: "hand" }, title: t("setup_deck") }, cardChip(code)),
        ),
      ),
    );
    const deckList = html(
      "ol",
      { class: "arranger__deck" },
      deck.map((code, index) =>
        html(
          "li",
          {},
          html("button", { type: "button", class: "arranger__card", dataset: { command: "toggle-card", index: String(index), from: "deck" }, title: t("setup_hand", { n: hand.length }) }, cardChip(code)),
          html("button", { type: "button", class: "button button--quiet", dataset: { command: "deck-up", index: String(index) }, "aria-label": t("move_up"), disabled: index === 0 }, "↑"),
          html("button", { type: "button", class: "button button--quiet", dataset: { command: "deck-down", index: String(index) }, "aria-label": t("move_down"), disabled: index === deck.length - 1 }, "↓"),
        ),
      ),
    );
    const confirm = decisionButton(text, t("confirm_cards"), { primary: true });
    confirm.disabled = !legal;
    return html(
      "div",
      { class: "arranger" },
      html("h3", {}, t("setup_title")),
      html("p", { class: "muted small" }, t("setup_help")),
      html("h4", {}, t("setup_hand", { n: hand.length })),
      handList,
      html("h4", {}, t("setup_deck")),
      deckList,
      confirm,
    );
  }

  // ------------------------------------------------------- expansion: choosing a card set

  /** The kind of set being chosen: "prepare", "deck" or null. */
  chooserType() {
    if (this.decisions.some((d) => d.type === "prepare")) return "prepare";
    if (this.decisions.some((d) => d.type === "deck")) return "deck";
    return null;
  }

  /** How many cards a `prepare` decision names (3, or 2 for option 3). */
  prepareSize() {
    return this.decisions.find((d) => d.type === "prepare")?.cards.length ?? 3;
  }

  /** Each card that occurs in the legal sets, with the most copies any set holds. */
  chooserLimits() {
    const type = this.chooserType();
    const limits = new Map();
    for (const d of this.decisions) {
      if (d.type !== type) continue;
      const counts = new Map();
      for (const code of d.cards) counts.set(code, (counts.get(code) ?? 0) + 1);
      for (const [code, n] of counts) limits.set(code, Math.max(limits.get(code) ?? 0, n));
    }
    return new Map([...limits].sort((a, b) => CARD_ORDER[a[0]] - CARD_ORDER[b[0]]));
  }

  changeChosen(code, add) {
    this.chosen ??= [];
    if (add) {
      this.chosen.push(code);
    } else {
      const i = this.chosen.indexOf(code);
      if (i >= 0) this.chosen.splice(i, 1);
    }
    this.onChange();
  }

  /** The chooser of a set of cards (`prepare A,B,C` or a secret `deck …`). */
  renderChooser() {
    const type = this.chooserType();
    const chosen = [...(this.chosen ?? [])].sort((a, b) => CARD_ORDER[a] - CARD_ORDER[b]);
    const size = type === "prepare" ? this.prepareSize() : 7;
    const text = `${type} ${chosen.join(",")}`;
    const legal = this.decisions.some((d) => d.type === type && d.text === text);
    const list = html("ul", { class: "chooser__cards" });
    for (const [code, limit] of this.chooserLimits()) {
      const n = chosen.filter((c) => c === code).length;
      const item = html("li", { class: `chooser__card${n ? " is-chosen" : ""}`, dataset: { card: code, count: String(n) } });
      if (limit === 1) {
        const toggle = html(
          "button",
          { type: "button", class: "chooser__toggle", "aria-pressed": String(n > 0), dataset: { command: n ? "choose-remove" : "choose-add", card: code }, disabled: !n && chosen.length >= size },
          cardChip(code),
        );
        item.append(toggle);
      } else {
        item.append(
          cardChip(code),
          html("button", { type: "button", class: "button button--quiet", dataset: { command: "choose-remove", card: code }, "aria-label": `− ${cardName(code)}`, disabled: n === 0 }, "−"),
          html("span", { class: "chooser__count" }, `${n} / ${limit}`),
          html("button", { type: "button", class: "button button--quiet", dataset: { command: "choose-add", card: code }, "aria-label": `+ ${cardName(code)}`, disabled: n >= limit || chosen.length >= size }, "+"),
        );
      }
      list.append(item);
    }
    const confirm = decisionButton(text, t(type === "prepare" ? "confirm_prepare" : "confirm_deck"), { primary: true, extraClass: "chooser__confirm" });
    confirm.disabled = !legal;
    return html(
      "div",
      { class: `chooser chooser--${type}` },
      html("h3", {}, t(type === "prepare" ? "prepare_title" : "deck_title")),
      html("p", { class: "muted small" }, type === "prepare" ? t("prepare_help", { n: size }) : t("deck_help")),
      list,
      html("p", { class: "chooser__status" }, t("chosen_n", { n: chosen.length, total: size })),
      confirm,
    );
  }

  /** 軍師の閃き: a table of "take this prepared card × remove this hand card", and keep. */
  renderExchange() {
    const exchanges = this.decisions.filter((d) => d.type === "exchange");
    const takes = [...new Set(exchanges.map((d) => d.take))];
    const gives = [...new Set(exchanges.map((d) => d.give))];
    const table = html("div", { class: "exchange-grid" });
    for (const take of takes) {
      const row = html("div", { class: "exchange-grid__row" }, html("span", { class: "exchange-grid__take" }, "+ ", cardChip(take)));
      for (const give of gives) {
        const d = exchanges.find((e) => e.take === take && e.give === give);
        if (!d) continue;
        const button = decisionButton(d.text, html("span", {}, "− ", cardChip(give)));
        button.setAttribute("aria-label", describe(d));
        row.append(button);
      }
      table.append(row);
    }
    const keep = this.decisions.find((d) => d.type === "keep");
    return html(
      "div",
      { class: "choice exchange" },
      html("h3", {}, t("exchange_title")),
      html("p", { class: "muted small" }, t("exchange_help")),
      table,
      keep ? decisionButton(keep.text, describe(keep), { primary: true }) : null,
    );
  }

  // ------------------------------------------------------------------ the panel

  renderPlacementChoices(square) {
    const choices = this.placements(square);
    if (choices.length === 1 && choices[0].type === "general") {
      return html(
        "div",
        { class: "choice" },
        decisionButton(choices[0].text, describe(choices[0]), { primary: true }),
        html("button", { type: "button", class: "button button--quiet", dataset: { command: "cancel" } }, t("cancel")),
      );
    }
    const kinds = [...new Set(choices.map((d) => d.kind))];
    const grid = html("div", { class: "facing-grid" });
    for (const kind of kinds) {
      const row = html("div", { class: "facing-grid__row" }, html("span", { class: "facing-grid__kind", title: t(PIECE_KINDS[kind]) }, `${glyph(kind)} ${t(PIECE_KINDS[kind])}`));
      for (const direction of DIRECTIONS) {
        const d = choices.find((c) => c.kind === kind && c.direction === direction);
        if (!d) continue;
        const button = decisionButton(d.text, `${arrow(direction, this.bottom)} ${directionLabel(direction)}`);
        button.setAttribute("aria-label", describe(d));
        row.append(button);
      }
      grid.append(row);
    }
    return html(
      "div",
      { class: "choice" },
      html("h3", {}, t("options_for", { square })),
      grid,
      html("button", { type: "button", class: "button button--quiet", dataset: { command: "cancel" } }, t("cancel")),
    );
  }

  renderPieceChoices(square) {
    const options = this.fromSquare(square);
    const list = html("div", { class: "choice__buttons" });
    for (const d of options) {
      let label = d.type === "swap" ? t("swap_with", { square: ActionBuilder.swapPartner(d, square) }) : this.rapidLabel(d) ?? describe(d);
      if (d.type === "rotate" || d.type === "select") label = `${arrow(d.direction, this.bottom)} ${label}`;
      list.append(decisionButton(d.text, label));
    }
    return html(
      "div",
      { class: "choice" },
      html("h3", {}, t("options_for", { square })),
      list,
      html("button", { type: "button", class: "button button--quiet", dataset: { command: "cancel" } }, t("cancel")),
    );
  }

  /**
   * 高速移動 offers the order of its two steps on the piece: before the first step a move reads
   * "move, then turn" and a turn "turn, then move"; afterwards the remaining step says "then".
   */
  rapidLabel(d) {
    const ex = this.game.execution;
    if (!ex || ex.card !== "RM") return null;
    const first = !ex.mode;
    if (d.type === "move") {
      const square = d.intrude ? `${d.to}+` : d.to;
      return t(first ? "rapid_move_first" : "rapid_then_move", { square });
    }
    if (d.type === "rotate") {
      return t(first ? "rapid_turn_first" : "rapid_then_turn", { direction: directionLabel(d.direction) });
    }
    return null;
  }

  helpText() {
    const game = this.game;
    // The draft screen, the chooser and the exchange explain themselves.
    if (game.phase === "draft" || game.phase === "prepare") return "";
    if (this.decisions.some((d) => d.type === "exchange" || d.type === "keep")) return "";
    if (game.execution?.card === "RM") return t("rapid_move_help");
    if (game.execution?.card === "SC") return t("scout_help");
    if (game.execution?.card === "RR") return t("route_help");
    if (game.execution?.card === "SW") return t("swap_help");
    if (game.execution?.card === "RC") return t("crossbow_help");
    if (game.execution?.card === "LI") return t("light_infantry_help");
    if (game.execution?.card === "RP") return t("rapid_fire_help");
    if (game.phase === "deployment") return this.fencesOnly() ? t("deploy_fences_only") : t("deploy_help");
    if (game.phase === "setup") {
      return this.decisions.some((d) => d.type === "general") ? t("setup_general_help") : t("setup_title");
    }
    if (this.decisions.some((d) => d.type === "play" || d.type === "end")) return t("war_command_help");
    return t("war_execute_help");
  }

  /** Rebuild the panel for the current view and selection; returns the panel element. */
  render() {
    const panel = this.panel;
    panel.replaceChildren();
    if (!this.enabled || !this.decisions.length) {
      panel.hidden = true;
      return panel;
    }
    panel.hidden = false;
    panel.append(html("p", { class: "action-panel__help" }, t("your_turn"), " ", this.helpText()));

    // The choices of the square just clicked: on a phone a sheet at the bottom of the screen
    // (static/css/choice_sheet.css), so they open in view whatever the scroll position.
    let open = null;
    if (this.choice) {
      const buttons = this.choice.decisions.map((d) =>
        decisionButton(d.text, d.type === "move" ? (d.intrude ? t("move_intrude", { square: d.to }) : t("move_stay", { square: d.to })) : describe(d), { primary: d.intrude }),
      );
      open = html("div", { class: "choice choice--intrude" }, ...buttons, html("button", { type: "button", class: "button button--quiet", dataset: { command: "cancel" } }, t("cancel")));
    } else if (this.placement) {
      open = this.renderPlacementChoices(this.placement);
    } else if (this.selected) {
      open = this.renderPieceChoices(this.selected);
    }
    if (open) {
      open.classList.add("choice--sheet");
      panel.append(open);
    }

    // Deployment: pieces or fences on the board. Once no piece can be placed the fence button
    // stays where it was, pressed and fixed, so the player sees that fences are what is left.
    const deployFences = this.decisions.some((d) => d.type === "deploy_fence");
    const deployPieces = this.decisions.some((d) => d.type === "deploy");
    if (deployFences && deployPieces) {
      panel.append(
        html(
          "p",
          {},
          html(
            "button",
            { type: "button", class: "button", dataset: { command: "fence-mode" }, "aria-pressed": String(this.fenceMode) },
            this.fenceMode ? t("deploy_pieces_mode") : t("deploy_fences_mode"),
          ),
        ),
      );
    } else if (this.fencesOnly()) {
      panel.append(
        html(
          "p",
          {},
          html(
            "button",
            { type: "button", class: "button", id: "fence-mode-fixed", "aria-pressed": "true", disabled: true, title: t("deploy_fences_only_title") },
            t("deploy_fences_fixed"),
          ),
        ),
      );
    }

    // Card play, end, dispatch, done: always one click away.
    const quick = html("div", { class: "choice__buttons choice__buttons--quick" });
    for (const d of this.decisions) {
      if (d.type === "pick") {
        const button = decisionButton(d.text, html("span", {}, t("pick"), " ", cardChip(d.card)), { extraClass: "decision--pick" });
        button.setAttribute("aria-label", describe(d));
        quick.append(button);
      }
      if (d.type === "scout_card") quick.append(decisionButton(d.text, describe(d)));
      if (d.type === "play") {
        const button = decisionButton(d.text, html("span", {}, t("play"), " ", cardChip(d.card)));
        button.setAttribute("aria-label", describe(d));
        quick.append(button);
      }
    }
    for (const d of this.decisions) {
      if (d.type === "end" || d.type === "done") quick.append(decisionButton(d.text, describe(d), { primary: true }));
      if (d.type === "dispatch") quick.append(decisionButton(d.text, describe(d)));
    }
    if (quick.childElementCount) panel.append(quick);

    if (this.cardsDecisions().length) panel.append(this.renderArranger());
    if (this.chooserType()) panel.append(this.renderChooser());
    if (this.decisions.some((d) => d.type === "exchange" || d.type === "keep")) panel.append(this.renderExchange());

    // Every legal decision, as a list of buttons (keyboard users, small screens, programs).
    const all = html(
      "details",
      { class: "all-decisions", open: this.allOpen },
      html("summary", {}, t("all_options", { n: this.decisions.length })),
      html(
        "div",
        { class: "all-decisions__list" },
        this.decisions.map((d) => decisionButton(d.text, html("span", {}, html("code", {}, d.text), " ", html("span", { class: "muted small" }, describe(d))), { extraClass: "button--quiet" })),
      ),
    );
    all.addEventListener("toggle", () => {
      this.allOpen = all.open;
    });
    panel.append(all);
    return panel;
  }
}

export { otherSide };
