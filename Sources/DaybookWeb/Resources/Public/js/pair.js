// A pairing link carries its one-time code in the fragment (`/pair#CODE`), which browsers never send, so the
// code stays out of the proxy's logs. This page sends it in its form, once, and takes it out of the address.

const form = document.getElementById("pair-form");
const code = location.hash.slice(1);
if (form && code) {
  history.replaceState(null, "", location.pathname);
  document.getElementById("pair-code").value = code;
  form.submit();
}
