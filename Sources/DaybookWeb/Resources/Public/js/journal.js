// The Journal list on a touch screen: swipe an entry to the left for its tag and delete actions, to the right to
// put them away. With a mouse or a keyboard the actions are always shown.

const SWIPE = 48;
let start = null;

document.addEventListener("touchstart", (event) => {
  const row = event.target.closest(".entry-row");
  if (!row || event.touches.length !== 1 || event.target.closest(".row-actions")) return;
  const touch = event.touches[0];
  start = { row, x: touch.clientX, y: touch.clientY, moved: false };
}, { passive: true });

document.addEventListener("touchmove", (event) => {
  if (!start) return;
  const touch = event.touches[0];
  const dx = touch.clientX - start.x;
  const dy = touch.clientY - start.y;
  // A mostly vertical move is a scroll: leave it alone.
  if (Math.abs(dy) > Math.abs(dx)) { start = null; return; }
  start.moved = Math.abs(dx) > 10;
  start.dx = dx;
}, { passive: true });

document.addEventListener("touchend", (event) => {
  if (!start) return;
  const { row, dx = 0, moved } = start;
  start = null;
  if (!moved) return;
  if (dx < -SWIPE) {
    for (const other of document.querySelectorAll(".entry-row.swiped")) if (other !== row) other.classList.remove("swiped");
    row.classList.add("swiped");
  } else if (dx > SWIPE) {
    row.classList.remove("swiped");
  } else {
    return;
  }
  // A swipe is not a tap on the entry's link.
  event.preventDefault();
});
