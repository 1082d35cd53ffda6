// The event form, progressively enhanced: without this script every field shows and the server
// validates everything. With it, groups and fields marked data-only-for="<systems>" show only
// for those pairing systems (a field with an error always shows), and the time-control buttons
// fill the field. The script holds no user-facing text: labels come from the template.

const form = document.getElementById("event-form");

function applies(element, system) {
  const systems = element.dataset.onlyFor.split(" ");
  return systems.includes(system) || element.querySelector(".form-field__error") !== null
    || element.classList.contains("has-error");
}

function showFor(system) {
  form.querySelectorAll("[data-only-for]").forEach((element) => {
    element.hidden = !applies(element, system);
  });
}

if (form) {
  const system = form.elements.namedItem("pairing_system");
  if (system) {
    showFor(system.value);
    system.addEventListener("change", () => showFor(system.value));
  }
  const timeControl = form.elements.namedItem("time_control");
  form.querySelectorAll("[data-time-control]").forEach((button) => {
    button.addEventListener("click", () => {
      timeControl.value = button.dataset.timeControl;
      timeControl.dispatchEvent(new Event("input", { bubbles: true }));
      timeControl.focus();
    });
  });
}
