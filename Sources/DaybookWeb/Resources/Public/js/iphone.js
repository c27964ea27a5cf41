// Settings → On your iPhone: the token typed or just made is filled into every example, the address is the one this
// page was opened at when there is no public URL, each part copies with one tap, and "Try it" sends the action as a
// phone's shortcut would, with that token, showing the sentence Daybook answers.

const root = document.getElementById("phone");
const field = document.getElementById("phone-token");

if (root && field) {
  const base = root.hasAttribute("data-page-address") ? location.origin : root.dataset.base;
  const placeholder = root.dataset.placeholder;

  const token = () => field.value.trim();

  /** Puts the address and the token (or its placeholder) into every example. */
  const fillExamples = () => {
    const shown = token() || placeholder;
    for (const code of root.querySelectorAll("[data-address]")) {
      const query = code.hasAttribute("data-token-query") ? "?token=" + encodeURIComponent(shown) : "";
      code.textContent = base + code.dataset.address + query;
    }
    for (const code of root.querySelectorAll("[data-bearer]")) code.textContent = "Bearer " + shown;
  };

  const copy = async (button) => {
    const text = document.getElementById(button.dataset.copy)?.textContent || "";
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Without the clipboard (a page on plain http from another machine): the text is selected to copy by hand.
      const range = document.createRange();
      range.selectNodeContents(document.getElementById(button.dataset.copy));
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      return;
    }
    const label = button.textContent;
    button.textContent = root.dataset.copied;
    button.addEventListener("blur", () => (button.textContent = label), { once: true });
  };

  /** Sends the action with the token, as the shortcut will, and shows what Daybook says. */
  const tryIt = async (button) => {
    const result = document.getElementById("result-" + button.dataset.try);
    if (!token()) {
      result.textContent = root.dataset.tokenMissing;
      result.className = "try-result error";
      field.focus();
      return;
    }
    button.disabled = true;
    result.textContent = "";
    try {
      const response = await fetch(button.dataset.path, {
        method: button.dataset.method,
        headers: { Authorization: "Bearer " + token(), ...(button.dataset.body ? { "Content-Type": "application/json" } : {}) },
        body: button.dataset.body || undefined,
        credentials: "omit",
        cache: "no-store",
      });
      const answer = await response.json().catch(() => ({}));
      result.className = "try-result " + (response.ok ? "ok" : "error");
      result.textContent = response.ok
        ? answer.say || summary(answer)
        : answer.error?.message || String(response.status);
    } catch {
      result.className = "try-result error";
      result.textContent = root.dataset.unreachable;
    } finally {
      button.disabled = false;
    }
  };

  /** The lists' answer in a line: the names a shortcut will offer. */
  const summary = (answer) =>
    [answer.trackers, answer.blocks, answer.sounds]
      .filter(Array.isArray)
      .map((list) => list.map((item) => item.name || item.title).join(", "))
      .filter(Boolean)
      .join(" · ");

  field.addEventListener("input", fillExamples);
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.copy) copy(button);
    if (button.dataset.try) tryIt(button);
  });
  fillExamples();
}
