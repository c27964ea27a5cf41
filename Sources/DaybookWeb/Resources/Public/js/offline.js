// What a page shows about this device's copy, each part in a module of its own: that it is a kept copy and how old,
// with the changes waiting (`kept-banner.js`), the list of those changes and the ones the server refused
// (`outbox-list.js`), entries written here shown where they belong (`waiting-entries.js`), forms held on a kept
// copy (`hold-forms.js`), sending what waits (`send-waiting.js`), the offline page's kept pages (`kept-pages.js`)
// and keeping the copy current (`stay-current.js`). How a waiting change is kept and sent is `outbox.js`.

import { rescueDrafts } from "./drafts.js";
import { holdForms } from "./hold-forms.js";
import { keptBanner, waitingLine } from "./kept-banner.js";
import { keptPages } from "./kept-pages.js";
import { CHANNEL } from "./outbox.js";
import { showOutbox } from "./outbox-list.js";
import { sendWaiting } from "./send-waiting.js";
import { stayCurrent } from "./stay-current.js";

// Drawn before anything is read, so nothing moves under a finger.
keptBanner();
waitingLine();
holdForms();
stayCurrent();
// Words an editor closed on before it could keep them go to the outbox first, so they are listed and sent.
rescueDrafts().catch(() => {}).then(() => {
  showOutbox();
  sendWaiting(showOutbox);
});
keptPages();
addEventListener("online", () => sendWaiting(showOutbox));
setInterval(() => sendWaiting(showOutbox), 20_000);
try {
  // Drawn once for a burst of changes (a replay sends hundreds), not once each.
  let drawing = null;
  new BroadcastChannel(CHANNEL).addEventListener("message", () => {
    drawing ??= setTimeout(() => {
      drawing = null;
      showOutbox();
    }, 100);
  });
} catch {
  // Without BroadcastChannel the count follows on the next page.
}
