// Red Code's pages: the language buttons (a cookie the server reads, then
// the page drawn again in that language; a table's game goes on meanwhile).
"use strict";
window.RC = {
  lang: document.documentElement.lang,
  setLang(code) {
    document.cookie = "rc_lang=" + code + "; path=/; max-age=31536000; samesite=lax";
    RC.lang = code;
  },
  showError(text) {
    const box = document.getElementById("error");
    box.textContent = text || "";
    box.hidden = !text;
  },
};
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-lang]");
  if (!button) return;
  RC.setLang(button.dataset.lang);
  location.reload();
});
