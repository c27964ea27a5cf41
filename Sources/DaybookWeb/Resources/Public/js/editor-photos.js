// Photos into the entry editor, by picker, paste or drop: each gets its id here (a UUID) and is uploaded under it
// (PUT), and a Markdown image that points at it takes the place of an "uploading…" marker in the text. Without the
// server the photo is kept on this device in the outbox, before the entry that names it, shown at once from there,
// and uploaded on return. A photo that knows where it was taken is announced (`editor:photo` on the form) so the
// place field can offer that place.
//
// The text keeps its Markdown, and the strip under it shows each photo as a picture, in the text's order: a
// caption (the image's alt text), move up and down, remove, and "Use as cover" (the entry's `coverPhotoID`; with
// none chosen the first photo is the cover). Each is a change to the text or the cover, saved as typing is.
import { sendOrKeep } from "./outbox.js";

// `![caption](/photos/UUID)`, optionally with a size asked for.
const PHOTO = /!\[([^\]\n]*)\]\(\/photos\/([0-9A-Fa-f-]{36})(?:\?[^)\s]*)?\)/g;

/** The photos the text shows, in order: id, caption and where the Markdown stands. */
export function photosIn(text) {
  return [...text.matchAll(PHOTO)].map((match) => ({
    id: match[2].toLowerCase(), caption: match[1], start: match.index, end: match.index + match[0].length,
  }));
}

export function attachPhotos({ form, body, input, text, changed, show }) {
  const limit = Number(text.photoLimit || 0);
  const offline = document.getElementById("offline-status")?.dataset ?? {};
  const strip = document.getElementById("editor-photos");
  const cover = form.elements.namedItem("coverPhotoID");
  const words = strip?.dataset ?? {};
  // Photos picked on this page, shown from the file itself (also before or without the server); those that wait.
  const picked = new Map();
  const waiting = new Set();
  let drawn = "";

  async function upload(files) {
    for (const file of files) {
      if (!file.type.startsWith("image/") && file.type !== "") continue;
      // The server's limit, told here: a photo it would refuse is not kept for later either.
      if (limit && file.size > limit) {
        show("failed", text.photoTooLarge);
        continue;
      }
      const id = crypto.randomUUID();
      const marker = `![${text.uploading}](…${id})`;
      const image = `![${file.name.replace(/\.[^.]*$/, "").replace(/[[\]]/g, "")}](/photos/${id})`;
      body.setRangeText(`${marker}\n`, body.selectionStart, body.selectionEnd, "end");
      changed({ save: false });
      show("saving", text.uploading);
      let result;
      try {
        result = await sendOrKeep({
          key: crypto.randomUUID(), url: new URL(`/api/v1/photos/${id}`, location.href).href, method: "PUT",
          body: file, contentType: file.type || "application/octet-stream", from: location.pathname,
        });
      } catch (error) {
        body.value = body.value.replace(`${marker}\n`, "").replace(marker, "");
        show("failed", error?.name === "QuotaExceededError" ? offline.quotaFull : text.photoOffline);
        changed({ save: false });
        continue;
      }
      picked.set(id, URL.createObjectURL(file));
      if (result.outcome === "waiting") {
        body.value = body.value.replace(marker, image);
        waiting.add(id);
      } else {
        const answer = await result.response.json().catch(() => ({}));
        body.value = body.value.replace(marker, result.response.ok ? image : "");
        if (!result.response.ok) show("failed", answer.error?.message ?? answer.message ?? text.stateFailed);
        else form.dispatchEvent(new CustomEvent("editor:photo", { detail: answer.photo ?? answer }));
      }
      changed();
    }
  }

  /** The strip drawn again when the photos, their captions, the cover or what waits changed. */
  function draw() {
    if (!strip || !cover) return;
    const photos = photosIn(body.value);
    // A chosen cover taken out of the text: the first photo is the cover again.
    if (cover.value && !photos.some((photo) => photo.id === cover.value.toLowerCase())) cover.value = "";
    const current = cover.value.toLowerCase() || photos[0]?.id;
    const state = JSON.stringify([photos.map((photo) => [photo.id, photo.caption]), current, [...waiting]]);
    if (state === drawn) return;
    drawn = state;
    const focused = strip.contains(document.activeElement)
      ? [document.activeElement.closest("figure")?.dataset.photo, document.activeElement.dataset.act] : null;
    strip.hidden = photos.length === 0;
    strip.replaceChildren(...photos.map((photo, index) => figure(photo, index, photos.length, photo.id === current)));
    if (focused) {
      // Back on the same control of the same photo, or, when that one is now disabled (moved to an end), its caption.
      const figure = strip.querySelector(`figure[data-photo="${focused[0]}"]`);
      const control = figure?.querySelector(`[data-act="${focused[1]}"]`);
      (control && !control.disabled ? control : figure?.querySelector('[data-act="caption"]'))?.focus();
    }
  }

  function figure(photo, index, count, isCover) {
    const item = document.createElement("figure");
    item.dataset.photo = photo.id;
    if (waiting.has(photo.id)) item.dataset.waiting = "";
    const image = document.createElement("img");
    image.src = picked.get(photo.id) ?? `/photos/${photo.id}?w=320`;
    image.alt = photo.caption;
    image.loading = "lazy";
    const badges = document.createElement("p");
    badges.className = "photo-badges";
    if (isCover) badges.append(badge(words.cover, "cover"));
    if (waiting.has(photo.id)) badges.append(badge(words.waiting ?? offline.waitingBadge, "waiting"));
    const label = document.createElement("label");
    const field = document.createElement("input");
    field.value = photo.caption;
    field.dataset.act = "caption";
    field.maxLength = 200;
    label.append(words.caption ?? "", field);
    const name = photo.caption || String(index + 1);
    const actions = document.createElement("p");
    actions.className = "photo-actions";
    actions.append(
      button("up", "↑", `${words.moveUp}: ${name}`, index === 0),
      button("down", "↓", `${words.moveDown}: ${name}`, index === count - 1),
      button("cover", words.useAsCover, `${words.useAsCover}: ${name}`, false, isCover),
      button("remove", words.remove, `${words.remove}: ${name}`),
    );
    item.append(image, badges, label, actions);
    return item;
  }

  function badge(words, kind) {
    const span = document.createElement("span");
    span.className = `badge ${kind}`;
    span.textContent = words ?? "";
    return span;
  }

  function button(act, label, name, disabled = false, pressed = undefined) {
    const element = document.createElement("button");
    element.type = "button";
    element.dataset.act = act;
    element.textContent = label ?? "";
    element.setAttribute("aria-label", name);
    element.disabled = disabled;
    if (pressed !== undefined) element.setAttribute("aria-pressed", String(pressed));
    return element;
  }

  /** Does what a strip button says to the photo it belongs to. */
  function act(kind, id, value) {
    const photos = photosIn(body.value);
    const index = photos.findIndex((photo) => photo.id === id);
    if (index < 0) return;
    const photo = photos[index];
    if (kind === "caption") {
      // Only the words between the brackets change; the photo's address stays as written.
      const caption = value.replace(/[[\]\n]/g, " ").trim();
      body.setRangeText(caption, photo.start + 2, photo.start + 2 + photo.caption.length, "preserve");
    } else if (kind === "remove") {
      // The photo's own line goes with it.
      const lineEnd = body.value[photo.end] === "\n" && (photo.start === 0 || body.value[photo.start - 1] === "\n");
      body.setRangeText("", photo.start, photo.end + (lineEnd ? 1 : 0), "preserve");
    } else if (kind === "up" || kind === "down") {
      const other = photos[kind === "up" ? index - 1 : index + 1];
      if (!other) return;
      const [first, second] = kind === "up" ? [other, photo] : [photo, other];
      const a = body.value.slice(first.start, first.end);
      const b = body.value.slice(second.start, second.end);
      // The later one first, so the earlier one's place stays right.
      body.setRangeText(a, second.start, second.end, "preserve");
      body.setRangeText(b, first.start, first.end, "preserve");
    } else if (kind === "cover") {
      cover.value = id;
    }
    changed();
  }

  strip?.addEventListener("click", (event) => {
    const target = event.target.closest("button[data-act]");
    if (!target) return;
    act(target.dataset.act, target.closest("figure").dataset.photo);
  });
  strip?.addEventListener("change", (event) => {
    if (event.target.dataset.act === "caption") act("caption", event.target.closest("figure").dataset.photo, event.target.value);
  });
  // Enter in a caption keeps it, rather than sending the form.
  strip?.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.dataset.act === "caption" && !event.isComposing) {
      event.preventDefault();
      event.target.dispatchEvent(new Event("change", { bubbles: true }));
    }
  });

  input?.addEventListener("change", () => {
    upload([...input.files]);
    input.value = "";
  });
  body.addEventListener("paste", (event) => {
    const files = [...(event.clipboardData?.files ?? [])];
    if (files.length === 0) return;
    event.preventDefault();
    upload(files);
  });
  body.addEventListener("dragover", (event) => {
    if ([...event.dataTransfer.types].includes("Files")) event.preventDefault();
  });
  body.addEventListener("drop", (event) => {
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length === 0) return;
    event.preventDefault();
    upload(files);
  });
  draw();
  return { draw };
}
