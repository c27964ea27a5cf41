// The import form on the backups page: sends the chosen file as it is to the import API, then shows what came in
// (or would, for a dry run) and what was left out, in the owner's language as the server wrote it.

const card = document.getElementById("import");
const form = document.getElementById("import-form");
const result = document.getElementById("import-result");

function show(summary, problems = []) {
  result.replaceChildren();
  const line = document.createElement("p");
  line.id = "import-summary";
  line.textContent = summary;
  result.append(line);
  if (problems.length === 0) return;
  const heading = document.createElement("p");
  heading.className = "hint";
  heading.textContent = card.dataset.problems;
  const list = document.createElement("ul");
  list.id = "import-problems";
  for (const problem of problems) {
    const item = document.createElement("li");
    item.textContent = `${problem.item}: ${problem.reason}`;
    list.append(item);
  }
  result.append(heading, list);
}

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
    const response = await fetch(`/api/v1/import/${encodeURIComponent(source)}?dryRun=${dryRun}`, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream", Accept: "application/json" },
      body: file,
    });
    const answer = await response.json();
    if (response.ok) show(answer.summary, answer.problems);
    else show(answer.error?.message ?? response.statusText);
  } catch (error) {
    show(String(error));
  } finally {
    button.disabled = false;
  }
});
