// Drag-and-drop for the upload form: a dropped file goes into the ordinary file input and the
// form is submitted as if it had been picked, so the page works the same without JavaScript.
(function () {
  "use strict";
  var zone = document.getElementById("dropzone");
  var input = document.getElementById("id_file");
  var form = document.getElementById("upload-form");
  var chosen = document.getElementById("chosen-file");
  if (!zone || !input || !form) { return; }

  function show() { chosen.textContent = input.files.length ? input.files[0].name : ""; }
  input.addEventListener("change", show);

  ["dragenter", "dragover"].forEach(function (name) {
    zone.addEventListener(name, function (event) { event.preventDefault(); zone.classList.add("over"); });
  });
  ["dragleave", "drop"].forEach(function (name) {
    zone.addEventListener(name, function (event) { event.preventDefault(); zone.classList.remove("over"); });
  });
  zone.addEventListener("drop", function (event) {
    if (!event.dataTransfer || !event.dataTransfer.files.length) { return; }
    input.files = event.dataTransfer.files;
    show();
    form.submit();
  });
})();
