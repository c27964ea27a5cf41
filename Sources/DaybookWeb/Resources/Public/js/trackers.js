// Trackers: drag to reorder the list (the arrow buttons do the same without a pointer), and a form that shows
// only the fields the chosen kind uses.

const list = document.getElementById("tracker-list");
if (list) {
  let dragged = null;
  list.addEventListener("dragstart", (event) => {
    dragged = event.target.closest(".tracker-row");
    if (!dragged) return;
    dragged.classList.add("dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", dragged.dataset.id);
  });
  list.addEventListener("dragover", (event) => {
    if (!dragged) return;
    event.preventDefault();
    const over = event.target.closest(".tracker-row");
    if (!over || over === dragged) return;
    const box = over.getBoundingClientRect();
    over.parentNode.insertBefore(dragged, event.clientY > box.top + box.height / 2 ? over.nextSibling : over);
  });
  list.addEventListener("dragend", async () => {
    if (!dragged) return;
    dragged.classList.remove("dragging");
    dragged = null;
    const ids = [...list.querySelectorAll(".tracker-row")].map((row) => row.dataset.id);
    try {
      const response = await fetch("/api/v1/trackers/order", {
        method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ids }),
      });
      if (!response.ok) location.reload();
    } catch {
      location.reload();
    }
  });
}

const form = document.getElementById("tracker-form");
if (form) {
  const kind = form.querySelector("#kind");
  const unit = form.querySelector("#unit");
  const show = (id, visible) => { const field = document.getElementById(id); if (field) field.hidden = !visible; };
  const update = () => {
    const isNumber = kind.value === "number";
    show("unit-group", isNumber);
    show("unitLabel-field", isNumber && (unit.value === "custom" || unit.value === "currency"));
    show("target-group", kind.value !== "boolean");
  };
  kind?.addEventListener("change", update);
  unit?.addEventListener("change", update);
  if (kind) update();
  // The count means something only for times a week, times a month and every few days.
  const frequency = form.querySelector("#frequency");
  const showCount = () => show("frequencyCount-field", ["week", "month", "days"].includes(frequency.value));
  frequency?.addEventListener("change", showCount);
  if (frequency) showCount();
}

for (const confirmed of document.querySelectorAll("form[data-confirm]")) {
  confirmed.addEventListener("submit", (event) => {
    if (!confirm(confirmed.dataset.confirm + "?")) event.preventDefault();
  });
}
