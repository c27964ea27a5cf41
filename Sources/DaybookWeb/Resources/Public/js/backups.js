// The backups page: while a backup is being made, the bar follows it (a look each half second) and the page
// reloads once it is done, to show the new file or why it failed. Without this script a reload does the same.

const card = document.getElementById("backup-state");
const bar = card?.querySelector("progress");
const label = document.getElementById("backup-progress-label");

async function follow() {
  while (true) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    let state;
    try {
      const response = await fetch("/settings/backups/state", { headers: { Accept: "application/json" } });
      if (!response.ok) continue;
      state = await response.json();
    } catch {
      continue;
    }
    if (!state.running) {
      location.replace("/settings/backups");
      return;
    }
    bar.value = state.percent;
    label.textContent = state.progressLabel;
  }
}

if (card?.dataset.running === "1") follow();
