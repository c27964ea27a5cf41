// Places the day's blocks on the hours (overlapping blocks side by side), draws the now-line,
// opens scrolled to now, and follows changes made elsewhere. Without it the blocks are a plain list.
const day = document.getElementById("day");
const HOUR = 48; // pixels per hour, as in the stylesheet

function place() {
  day.classList.add("placed");
  for (const block of day.querySelectorAll(".block")) {
    const start = Number(block.dataset.start);
    const end = Number(block.dataset.end);
    const column = Number(block.dataset.column);
    const columns = Math.max(1, Number(block.dataset.columns));
    block.style.top = `${(start / 60) * HOUR}px`;
    block.style.height = `${Math.max(18, ((end - start) / 60) * HOUR - 2)}px`;
    block.style.left = `calc(3.5rem + (100% - 3.5rem) * ${column / columns})`;
    block.style.width = `calc((100% - 3.5rem) / ${columns} - 4px)`;
    block.style.setProperty("--block-color", block.dataset.color);
  }
}

function nowLine() {
  if (!day.dataset.today) return null;
  let line = document.getElementById("now-line");
  if (!line) {
    line = document.createElement("div");
    line.id = "now-line";
    line.className = "now-line";
    day.append(line);
  }
  const now = new Date();
  line.style.top = `${((now.getHours() * 60 + now.getMinutes()) / 60) * HOUR}px`;
  return line;
}

place();
const line = nowLine();
const target = line ?? day.querySelector(".block");
if (target) window.scrollTo({ top: Math.max(0, target.getBoundingClientRect().top + window.scrollY - 160) });
setInterval(nowLine, 60_000);

// A form on this page is on its way: its answer will show the change, so events don't reload meanwhile.
let leaving = false;
document.addEventListener("submit", () => { leaving = true; }, true);
window.addEventListener("pagehide", () => { leaving = true; });

new EventSource("/events").addEventListener("tasks", () => {
  // Another window or the CLI changed the plan: show it, unless the person is typing or submitting here.
  if (leaving || document.activeElement?.closest("#task-form")) return;
  location.reload();
});
