// What the browser offers for installing Daybook, read once: Chromium-based browsers have an install prompt;
// Safari (and every browser on an iPhone, which all use WebKit) has none — people use Share → Add to Home Screen,
// and Safari's own rules apply: storage of a site not visited for 7 days may be cleared, and Web Push reaches only a
// Home Screen app.

const agent = navigator.userAgent;

/** Opened from the Home Screen (or as an installed app), not in a browser tab. */
export const standalone = navigator.standalone === true || matchMedia("(display-mode: standalone)").matches;

/** The browser can offer to install Daybook itself (Chrome, Edge, Samsung Internet…). */
export const hasInstallPrompt = "BeforeInstallPromptEvent" in window || "onbeforeinstallprompt" in window;

/** Safari's engine and its rules: WebKit with no install prompt (iOS browsers' agents name no Chrome). */
export const safariRules = !hasInstallPrompt && /AppleWebKit/.test(agent) && !/Chrome|Chromium|Android/.test(agent);

/** A Mac's Safari adds to the Dock, not to a Home Screen; an iPad says Macintosh too, but has touch. */
const mac = /Macintosh/.test(agent) && navigator.maxTouchPoints < 2;

/** Where "Share → Add to Home Screen" is the way to install. */
export const addsToHomeScreen = safariRules && !standalone && !mac;

/** Steps of the Add to Home Screen hint, each with its icon: `labels` has `share`, `add` and `open`. */
export function homeScreenSteps(labels) {
  const list = document.createElement("ol");
  list.className = "home-screen-steps";
  for (const [icon, text] of [["share", labels.share], ["add", labels.add], ["open", labels.open]]) {
    const item = document.createElement("li");
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "step-icon");
    svg.setAttribute("aria-hidden", "true");
    const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
    use.setAttribute("href", `/static/icons/home-screen.svg#${icon}`);
    svg.append(use);
    const words = document.createElement("span");
    words.textContent = text ?? "";
    item.append(svg, words);
    list.append(item);
  }
  return list;
}
