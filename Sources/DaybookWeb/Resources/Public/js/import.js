// The import form on the backups page: sends the chosen file as it is to the import API, then shows what came in
// (or would, for a dry run) and what was left out, in the owner's language as the server wrote it.

const card = document.getElementById("import");
const form = document.getElementById("import-form");
const result = document.getElementById("import-result");

function element(name, text, className) {
  const node = document.createElement(name);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// The counts: for each kind the file held, how many were read, imported and skipped (and why).
function table(counts) {
  if (!counts || counts.rows.length === 0) return null;
  const grid = element("table", undefined, "import-counts");
  grid.id = "import-counts";
  const head = grid.createTHead().insertRow();
  counts.headings.forEach((heading, index) => {
    const cell = element("th", heading);
    cell.scope = "col";
    if (index > 0) cell.className = "number";
    head.append(cell);
  });
  const body = grid.createTBody();
  for (const row of counts.rows) {
    const line = body.insertRow();
    line.dataset.kind = row.kind;
    const label = element("th", row.label);
    label.scope = "row";
    line.append(label);
    for (const key of ["read", "imported", "skipped"]) {
      const cell = element("td", String(row[key]), "number");
      cell.dataset.count = key;
      if (key === "skipped" && row.skippedDetail) cell.title = row.skippedDetail;
      line.append(cell);
    }
    // Why items were skipped gets a line of its own under the counts, so a phone's width holds it whole.
    if (row.skippedDetail) {
      const detail = body.insertRow();
      detail.className = "import-detail";
      const cell = element("td", row.skippedDetail, "hint");
      cell.colSpan = 4;
      detail.append(cell);
    }
  }
  return grid;
}

function show(summary, answer = {}) {
  result.replaceChildren();
  const line = element("p", summary);
  line.id = "import-summary";
  result.append(line);
  const counts = table(answer.table);
  if (counts) result.append(counts);
  if (answer.unmappedHint) {
    const list = element("ul");
    list.id = "import-unmapped";
    for (const mood of answer.unmappedMoods ?? []) list.append(element("li", mood.label));
    result.append(element("p", answer.unmappedHint, "hint"), list);
  }
  const problems = answer.problems ?? [];
  if (problems.length === 0) return;
  const list = element("ul");
  list.id = "import-problems";
  for (const problem of problems) list.append(element("li", `${problem.item}: ${problem.reason}`));
  result.append(element("p", card.dataset.problems, "hint"), list);
}

// "ecstatic=5" lines (or "ecstatic:5") as the API's repeated mood parameter.
function moodQuery() {
  const text = document.getElementById("import-moods")?.value ?? "";
  return text
    .split(/\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => `&mood=${encodeURIComponent(line.replace(/\s*=\s*(\d)$/, ":$1"))}`)
    .join("");
}

// The mood levels matter only for Daylio's CSV: the field shows when Daylio is chosen.
const sourceSelect = document.getElementById("import-source");
const moodsField = document.getElementById("import-moods-field");
function showMoodsField() {
  if (moodsField && sourceSelect) moodsField.hidden = sourceSelect.value !== "daylio";
}
sourceSelect?.addEventListener("change", showMoodsField);
showMoodsField();

form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = document.getElementById("import-file").files[0];
  if (!file) {
    show(card.dataset.choose);
    return;
  }
  const source = document.getElementById("import-source").value;
  const dryRun = document.getElementById("import-dry-run").checked;
  const button = document.getElementById("import-run");
  button.disabled = true;
  show(card.dataset.running);
  try {
    const response = await fetch(`/api/v1/import/${encodeURIComponent(source)}?dryRun=${dryRun}${moodQuery()}`, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream", Accept: "application/json" },
      body: file,
    });
    const answer = await response.json();
    if (response.ok) show(answer.summary, answer);
    else show(answer.error?.message ?? response.statusText);
  } catch (error) {
    show(String(error));
  } finally {
    button.disabled = false;
  }
});
