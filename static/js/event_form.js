// The event form, progressively enhanced: without this script every field shows and the server
// validates everything. With it, groups and fields marked data-only-for="<systems>" show only
// for those pairing systems, and those marked data-only-for-game="<games>" only for those games
// (both must hold; a field with an error always shows): a ranked-table game hides the pairing,
// points and tie-break groups, each game shows its own time-control advice. The time-control
// buttons fill the field. Choosing a game puts its recommended time control in the field unless
// the organiser changed it. The script holds no user-facing text: labels come from the template.

const form = document.getElementById("event-form");

function hasError(element) {
  return element.querySelector(".form-field__error") !== null
    || element.classList.contains("has-error");
}

function listed(list, value) {
  return list === undefined || list.split(" ").includes(value);
}

// An element shows when it applies to the chosen pairing system and to the chosen game (or
// carries an error, so the organiser always sees what to fix).
function refresh(system, game) {
  form.querySelectorAll("[data-only-for], [data-only-for-game]").forEach((element) => {
    const applies = listed(element.dataset.onlyFor, system)
      && listed(element.dataset.onlyForGame, game);
    element.hidden = !applies && !hasError(element);
  });
}

if (form) {
  const system = form.elements.namedItem("pairing_system");
  const timeControl = form.elements.namedItem("time_control");
  const game = form.elements.namedItem("game");
  const update = () => refresh(system ? system.value : "", game ? game.value : "gunshi");
  update();
  if (system) {
    system.addEventListener("change", update);
  }
  if (game) {
    const recommended = JSON.parse(game.dataset.timeControls || "{}");
    let previous = game.value;
    game.addEventListener("change", () => {
      update();
      // Follow the game's recommendation while the field still holds the last game's.
      if (timeControl && recommended[game.value] && timeControl.value === recommended[previous]) {
        timeControl.value = recommended[game.value];
      }
      previous = game.value;
    });
  }
  form.querySelectorAll("[data-time-control]").forEach((button) => {
    button.addEventListener("click", () => {
      timeControl.value = button.dataset.timeControl;
      timeControl.dispatchEvent(new Event("input", { bubbles: true }));
      timeControl.focus();
    });
  });
}
