/* The enquiry form of /about/contact (theme/templates/contact.html). Without this script the form
   is a plain POST that the API answers with its own pages (functions/routes/api/contact.py). With it:
   the fields are checked in the page's language, the captcha is shown here, the enquiry is sent as
   JSON to the form's data-endpoint, errors appear beside their fields and in a summary that takes
   the focus, and a sent enquiry is confirmed in place. */
(function () {
  "use strict";
  var form = document.querySelector("form.contact-form");
  if (!form || !window.fetch || !window.JSON || !window.crypto || !crypto.getRandomValues) return;
  var data = form.dataset;
  var lang = data.lang || "zh-cn";
  var summary = document.getElementById("form-errors");
  var sent = document.getElementById("form-sent");
  var button = form.querySelector('button[type="submit"]');
  var captchaField = form.querySelector(".captcha-field");
  var captchaId = form.elements.captchaId;
  var captchaInput = form.elements.captchaInfo;
  var FIELDS = ["name", "phone", "email", "company", "subject", "message", "website", "captchaId", "captchaInfo"];
  var image = document.createElement("img");
  image.width = 130;
  image.height = 48;
  image.alt = captchaField.getAttribute("data-alt") || "";
  captchaField.querySelector(".captcha-row").insertBefore(image, document.getElementById("captcha-new"));

  function newCaptcha() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    var id = "c" + Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
    captchaId.value = id;
    captchaInput.value = "";
    image.src = data.captcha + "?id=" + id;
  }

  function labelOf(name) {
    var label = form.querySelector('label[for="f-' + name + '"]');
    if (!label) return "";
    var copy = label.cloneNode(true);
    var mark = copy.querySelector(".req");
    if (mark) copy.removeChild(mark);
    return copy.textContent.trim();
  }

  function clearErrors() {
    summary.hidden = true;
    summary.textContent = "";
    Array.prototype.forEach.call(form.querySelectorAll(".field-error"), function (node) { node.remove(); });
    Array.prototype.forEach.call(form.querySelectorAll("[aria-invalid]"), function (input) {
      input.removeAttribute("aria-invalid");
      var help = document.getElementById("help-" + input.name);
      if (help) input.setAttribute("aria-describedby", help.id);
      else input.removeAttribute("aria-describedby");
    });
  }

  function showErrors(errors) {
    clearErrors();
    var intro = document.createElement("p");
    intro.textContent = data.msgErrors;
    var list = document.createElement("ul");
    errors.forEach(function (error) {
      var input = error.field && form.elements[error.field];
      var item = document.createElement("li");
      var text = error.field ? (labelOf(error.field) || error.title || error.field) + (lang === "zh-cn" ? "：" : ": ") + error.msg : error.msg;
      if (input && input.id) {
        var link = document.createElement("a");
        link.href = "#" + input.id;
        link.textContent = text;
        item.appendChild(link);
        var note = document.createElement("p");
        note.className = "field-error";
        note.id = "err-" + error.field;
        note.textContent = error.msg;
        input.closest(".field").appendChild(note);
        input.setAttribute("aria-invalid", "true");
        var described = (input.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
        input.setAttribute("aria-describedby", described.concat(note.id).join(" "));
      } else {
        item.textContent = text;
      }
      list.appendChild(item);
    });
    summary.appendChild(intro);
    summary.appendChild(list);
    summary.hidden = false;
    summary.focus();
  }

  function check() {
    var errors = [];
    var value = function (name) { return (form.elements[name].value || "").trim(); };
    ["name", "subject", "message"].forEach(function (name) {
      if (!value(name)) errors.push({ field: name, msg: data.msgRequired });
    });
    // The server's rule (functions/services/contact.py): mainland mobile, landline with area code, or +international.
    var phone = value("phone").replace(/[\s\-()\u3000]/g, "").replace(/^\+86(?=1[3-9][0-9]{9}$)/, "");
    if (phone && !/^(1[3-9][0-9]{9}|0[1-9][0-9]{8,11}|\+[1-9][0-9]{6,14})$/.test(phone)) {
      errors.push({ field: "phone", msg: data.msgPhone });
    }
    if (!phone && !value("email")) errors.push({ field: "phone", msg: data.msgReply });
    if (value("email") && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value("email"))) errors.push({ field: "email", msg: data.msgEmail });
    if (!value("captchaInfo")) errors.push({ field: "captchaInfo", msg: data.msgCaptcha });
    var order = FIELDS.slice();
    return errors.sort(function (a, b) { return order.indexOf(a.field) - order.indexOf(b.field); });
  }

  function busy(on) {
    button.disabled = on;
    if (on) {
      button.setAttribute("data-label", button.textContent);
      button.textContent = data.msgSending;
    } else if (button.getAttribute("data-label")) {
      button.textContent = button.getAttribute("data-label");
    }
  }

  form.noValidate = true;
  captchaField.hidden = false;
  captchaInput.required = true;
  newCaptcha();
  document.getElementById("captcha-new").addEventListener("click", function () {
    newCaptcha();
    captchaInput.focus();
  });
  image.addEventListener("click", newCaptcha);

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var errors = check();
    if (errors.length) {
      showErrors(errors);
      return;
    }
    var body = {};
    FIELDS.forEach(function (name) { body[name] = form.elements[name].value; });
    busy(true);
    fetch(data.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", "think-lang": lang, "Accept-Language": lang },
      body: JSON.stringify(body),
      credentials: "same-origin"
    })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        busy(false);
        if (answer.code === 1) {
          clearErrors();
          form.hidden = true;
          sent.querySelector("p").textContent = answer.msg;
          sent.hidden = false;
          sent.focus();
          return;
        }
        var found = (answer.data && answer.data.errors) || [{ field: "", msg: answer.msg || data.msgFailed }];
        if (found.some(function (error) { return error.field === "captchaInfo"; })) newCaptcha();
        showErrors(found);
      })
      .catch(function () {
        busy(false);
        showErrors([{ field: "", msg: data.msgFailed }]);
      });
  });

  document.getElementById("form-again").addEventListener("click", function (event) {
    event.preventDefault();
    form.reset();
    newCaptcha();
    sent.hidden = true;
    form.hidden = false;
    form.elements.name.focus();
  });
})();
