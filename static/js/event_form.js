// The event form, progressively enhanced: without this script every field shows and the server
// validates everything. With it, groups and fields marked data-only-for="<systems>" show only
// for those pairing systems, groups marked data-only-for-game="<games>" only for those games
// (a field with an error always shows), and the time-control buttons fill the field. Choosing
// a game puts its recommended time control in the field unless the organiser changed it. The
// script holds no user-facing text: labels come from the template.

const form = document.getElementById("event-form");

function hasError(element) {
  return element.querySelector(".form-field__error") !== null
    || element.classList.contains("has-error");
}

function applies(element, system) {
  const systems = element.dataset.onlyFor.split(" ");
  return systems.includes(system) || hasError(element);
}

function showFor(system) {
  form.querySelectorAll("[data-only-for]").forEach((element) => {
    element.hidden = !applies(element, system);
  });
}

function showForGame(game) {
  form.querySelectorAll("[data-only-for-game]").forEach((element) => {
    element.hidden = !element.dataset.onlyForGame.split(" ").includes(game) && !hasError(element);
  });
}

if (form) {
  const system = form.elements.namedItem("pairing_system");
  if (system) {
    showFor(system.value);
    system.addEventListener("change", () => showFor(system.value));
  }
  const timeControl = form.elements.namedItem("time_control");
  const game = form.elements.namedItem("game");
  if (game) {
    const recommended = JSON.parse(game.dataset.timeControls || "{}");
    let previous = game.value;
    showForGame(game.value);
    game.addEventListener("change", () => {
      showForGame(game.value);
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
