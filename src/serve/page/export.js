// Export (docs/serve.md): every picture as SVG and PNG, each panel's last answer as JSON, the
// scenario and the grammar as files; all made in the browser from what the page shows.
"use strict";

function download(name, blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// The picture's SVG as a standalone file, or null when the container shows none.
function svgOf(container) {
  const svg = container.querySelector("svg");
  if (!svg) return null;
  const copy = svg.cloneNode(true);
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  return new XMLSerializer().serializeToString(copy);
}

// The SVG drawn at twice its size on a white canvas, as PNG.
function pngOf(svgText) {
  return new Promise((resolve, reject) => {
    const image = new Image();
    const url = URL.createObjectURL(new Blob([svgText], { type: "image/svg+xml" }));
    image.onload = () => {
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, image.naturalWidth * 2);
      canvas.height = Math.max(1, image.naturalHeight * 2);
      const g = canvas.getContext("2d");
      g.fillStyle = "#fff";
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.drawImage(image, 0, 0, canvas.width, canvas.height);
      URL.revokeObjectURL(url);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the picture cannot be drawn as PNG"))), "image/png");
    };
    image.onerror = () => { URL.revokeObjectURL(url); reject(new Error("the picture cannot be drawn as PNG")); };
    image.src = url;
  });
}

// Zooms a picture in (to its own size, or 2.5 times its box when that is more) or back out.
function zoom(picture) {
  const zoomed = picture.classList.toggle("zoomed");
  const svg = picture.querySelector("svg");
  if (!svg) return;
  if (!zoomed) { svg.style.width = ""; return; }
  const own = svg.width && svg.width.baseVal ? svg.width.baseVal.value : 0;
  svg.style.width = `${Math.max(own, 2.5 * picture.clientWidth)}px`;
}

// A zoomed picture is panned by dragging it (the mouse pressed and moved). A drag is no click:
// the board's squares do not take one that ends a drag.
function pannable(picture) {
  let drag = null;
  picture.addEventListener("pointerdown", (event) => {
    if (!picture.classList.contains("zoomed") || event.button !== 0) return;
    drag = { x: event.clientX, y: event.clientY, left: picture.scrollLeft, top: picture.scrollTop, moved: false };
  });
  picture.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    if (!drag.moved) { drag.moved = true; picture.classList.add("panning"); picture.setPointerCapture(event.pointerId); }
    picture.scrollLeft = drag.left - dx;
    picture.scrollTop = drag.top - dy;
    event.preventDefault();
  });
  const end = () => {
    if (drag && drag.moved) {
      picture.classList.remove("panning");
      // The click that follows the release (at once, if any) would edit the board: swallowed.
      const swallow = (e) => { e.stopPropagation(); e.preventDefault(); };
      picture.addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(() => picture.removeEventListener("click", swallow, { capture: true }), 0);
    }
    drag = null;
  };
  picture.addEventListener("pointerup", end);
  picture.addEventListener("pointercancel", end);
}

// A small SVG / PNG bar above each picture.
function addPictureExports() {
  for (const picture of document.querySelectorAll(".picture[id]")) {
    const bar = document.createElement("span");
    bar.className = "exports";
    bar.innerHTML = `<button type="button" class="export-svg" data-picture="${picture.id}" title="the picture as SVG">SVG</button>` +
      `<button type="button" class="export-png" data-picture="${picture.id}" title="the picture as PNG">PNG</button>`;
    // The bar and its picture in one box, one item of whatever layout holds the picture.
    const figure = document.createElement("div");
    figure.className = "figure";
    picture.parentNode.insertBefore(figure, picture);
    figure.append(bar, picture);
    // A double click zooms a picture (scrolled inside its box), another brings it back.
    // (The words a double click selects in passing are let go.)
    picture.addEventListener("dblclick", () => { zoom(picture); getSelection().removeAllRanges(); });
    pannable(picture);
  }
  document.addEventListener("click", async (event) => {
    const button = event.target.closest("button.export-svg, button.export-png, button.export-json, button.save-text");
    if (!button) return;
    try {
      if (button.classList.contains("save-text")) {
        const kind = button.dataset.kind;
        const name = (kind === "scenario" ? state.scenarioName : state.grammarName) || (kind === "scenario" ? "scenario.scenario" : "grammar.lgg");
        download(name.split("/").pop(), new Blob([editors[kind].text()], { type: "text/plain" }));
        return;
      }
      if (button.classList.contains("export-json")) {
        const answer = state.answers[button.dataset.panel];
        if (!answer) { status("nothing to export yet: run the panel first"); return; }
        download(`${button.dataset.panel}.json`, new Blob([JSON.stringify(answer, null, 2) + "\n"], { type: "application/json" }));
        return;
      }
      const id = button.dataset.picture;
      const svg = svgOf($(id));
      if (!svg) { status("no picture to export here yet"); return; }
      if (button.classList.contains("export-svg")) download(`${id}.svg`, new Blob([svg], { type: "image/svg+xml" }));
      else download(`${id}.png`, await pngOf(svg));
    } catch (e) { status(e.message || String(e)); }
  });
}
