// Photos into the entry editor, by picker, paste or drop: each is uploaded, and a Markdown image that points at
// it takes the place of a "uploading…" marker in the text. A photo that knows where it was taken is announced
// (`editor:photo` on the form) so the place field can offer that place.

/**
 * @param {{form: HTMLFormElement, body: HTMLTextAreaElement, input: HTMLInputElement | null,
 *   text: DOMStringMap, changed: (options?: {save?: boolean}) => void, show: (kind: string, message?: string) => void}} editor
 */
export function attachPhotos({ form, body, input, text, changed, show }) {
  async function upload(files) {
    for (const file of files) {
      if (!file.type.startsWith("image/") && file.type !== "") continue;
      const marker = `![${text.uploading}](…${Math.random().toString(36).slice(2)})`;
      body.setRangeText(`${marker}\n`, body.selectionStart, body.selectionEnd, "end");
      changed({ save: false });
      show("saving", text.uploading);
      try {
        const response = await fetch("/api/v1/photos", {
          method: "POST",
          headers: { "Content-Type": file.type || "application/octet-stream", Accept: "application/json" },
          body: file,
        });
        const answer = await response.json().catch(() => ({}));
        const photo = answer.photo ?? answer;
        body.value = body.value.replace(
          marker,
          response.ok ? `![${file.name.replace(/\.[^.]*$/, "").replace(/[[\]]/g, "")}](/photos/${photo.id})` : "",
        );
        if (!response.ok) show("failed", answer.error?.message ?? answer.message ?? text.stateFailed);
        else form.dispatchEvent(new CustomEvent("editor:photo", { detail: photo }));
      } catch {
        body.value = body.value.replace(marker, "");
        show("offline", text.photoOffline);
      }
      changed();
    }
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
