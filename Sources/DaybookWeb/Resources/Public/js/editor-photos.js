// Photos into the entry editor, by picker, paste or drop: each gets its id here (a UUID) and is uploaded under it
// (PUT), and a Markdown image that points at it takes the place of an "uploading…" marker in the text. Without the
// server the photo is kept on this device in the outbox, before the entry that names it, shown at once from there,
// and uploaded on return. A photo that knows where it was taken is announced (`editor:photo` on the form) so the
// place field can offer that place.
import { sendOrKeep } from "./outbox.js";

/**
 * @param {{form: HTMLFormElement, body: HTMLTextAreaElement, input: HTMLInputElement | null,
 *   text: DOMStringMap, changed: (options?: {save?: boolean}) => void, show: (kind: string, message?: string) => void}} editor
 */
export function attachPhotos({ form, body, input, text, changed, show }) {
  const limit = Number(text.photoLimit || 0);
  const offline = document.getElementById("offline-status")?.dataset ?? {};

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
      if (result.outcome === "waiting") {
        body.value = body.value.replace(marker, image);
        showWaiting(file, id);
      } else {
        const answer = await result.response.json().catch(() => ({}));
        body.value = body.value.replace(marker, result.response.ok ? image : "");
        if (!result.response.ok) show("failed", answer.error?.message ?? answer.message ?? text.stateFailed);
        else form.dispatchEvent(new CustomEvent("editor:photo", { detail: answer.photo ?? answer }));
      }
      changed();
    }
  }

  /** A photo kept on this device shows at once, from the device, marked as waiting. */
  function showWaiting(file, id) {
    let strip = document.getElementById("photos-waiting");
    if (!strip) {
      strip = document.createElement("div");
      strip.id = "photos-waiting";
      strip.className = "photos-waiting";
      body.closest(".editor-panes")?.after(strip);
    }
    const figure = document.createElement("figure");
    figure.dataset.photo = id;
    const img = document.createElement("img");
    img.src = URL.createObjectURL(file);
    img.alt = file.name;
    const caption = document.createElement("figcaption");
    caption.className = "badge";
    caption.textContent = offline.waitingBadge;
    figure.append(img, caption);
    strip.append(figure);
  }

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
}
