"""Draw the site's illustrations (run by hand; the results are committed under content/images/).

    .venv/bin/python tools/artwork.py

Flat illustrations: street and park scenes for the carousel and projects, vehicles for the equipment
page and staff portraits carry no text, so one image serves both languages. The certificates carry
their record's own words in Chinese, as the real documents they stand for would (name, issuer, year or
number and validity, from functions/data/demo/award.json and qualification.json); the English pages
show them with their English caption. The text needs the Noto CJK fonts (Debian `fonts-noto-cjk`).
Each image is drawn at twice its size and scaled down (anti-aliasing), then saved as WebP in its full
width plus `<name>-<width>w.webp` variants for srcset (see records.picture()).
Drawing is seeded, so running it again gives the same pictures.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

REPO_ROOT = Path(__file__).resolve().parents[1]


OUT = REPO_ROOT / "content" / "images"
DEMO = REPO_ROOT / "functions" / "data" / "demo"
FONT_DIR = Path("/usr/share/fonts/opentype/noto")
# Text makes a certificate's WebP larger; at 60 it stays sharp and content/images within its 400 KB
# (tests/site/test_site_records.py).
CERTIFICATE_QUALITY = 60
Draw = Callable[[ImageDraw.ImageDraw, int, int, random.Random], None]

SKY_DAY = ((198, 228, 240), (238, 246, 242))
SKY_DUSK = ((40, 62, 92), (232, 160, 110))
SKY_NIGHT = ((14, 34, 52), (40, 84, 96))
GREEN = (11, 93, 75)
GREEN_DARK = (6, 55, 46)
AMBER = (242, 182, 50)
# The colours of the certificates' frames and emblems.
CERTIFICATE_COLOURS = {
    "bronze": (170, 120, 40),
    "red": (200, 40, 40),
    "maroon": (150, 40, 40),
    "green": GREEN,
    "amber": AMBER,
    "blue": (40, 70, 130),
    "grey": (90, 90, 96),
}


def gradient(d: ImageDraw.ImageDraw, w: int, h: int, top: tuple, bottom: tuple) -> None:
    for y in range(h):
        t = y / max(h - 1, 1)
        d.line([(0, y), (w, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)))


def skyline(d, w, h, rnd, base, color, lit=None, tall=0.45):
    x = -10
    while x < w:
        bw = rnd.randint(int(w * 0.04), int(w * 0.09))
        bh = rnd.randint(int(h * 0.12), int(h * tall))
        d.rectangle([x, base - bh, x + bw, base], fill=color)
        if lit:
            for wy in range(base - bh + 10, base - 8, max(h // 30, 8)):
                for wx in range(x + 6, x + bw - 6, max(w // 90, 8)):
                    if rnd.random() < 0.45:
                        d.rectangle([wx, wy, wx + max(w // 220, 3), wy + max(h // 120, 3)], fill=lit)
        x += bw + rnd.randint(2, int(w * 0.02))


def tree(d, x, base, size, rnd, leaf=(46, 125, 80)):
    d.rectangle([x - size // 12, base - size, x + size // 12, base], fill=(92, 64, 44))
    for _ in range(3):
        r = int(size * rnd.uniform(0.35, 0.5))
        ox, oy = rnd.randint(-size // 5, size // 5), rnd.randint(-size // 6, size // 8)
        d.ellipse([x + ox - r, base - size + oy - r, x + ox + r, base - size + oy + r], fill=leaf)


def truck(d, x, base, s, body=(245, 248, 246), stripe=GREEN, kind="sweeper"):
    """A municipal vehicle facing right; s = scale (length ≈ 6 s)."""
    wheel = s // 2
    d.rounded_rectangle([x, base - 3 * s, x + 4 * s, base - wheel], radius=s // 4, fill=body)
    d.rectangle([x, base - 2 * s, x + 4 * s, base - 2 * s + s // 3], fill=stripe)
    d.rounded_rectangle(
        [x + 4 * s + s // 8, base - 2.4 * s, x + 5.6 * s, base - wheel], radius=s // 3, fill=stripe
    )
    d.polygon(
        [
            (x + 4.5 * s, base - 2.2 * s),
            (x + 5.4 * s, base - 2.2 * s),
            (x + 5.5 * s, base - 1.5 * s),
            (x + 4.5 * s, base - 1.5 * s),
        ],
        fill=(190, 225, 236),
    )
    if kind == "sweeper":
        d.ellipse([x + 4.6 * s, base - wheel * 1.2, x + 5.5 * s, base + wheel * 0.2], fill=AMBER)
    elif kind == "tank":
        d.rounded_rectangle(
            [x + s // 4, base - 3.4 * s, x + 3.8 * s, base - 1.2 * s], radius=s, fill=(220, 230, 236)
        )
        d.line([(x - s // 2, base - wheel), (x, base - wheel)], fill=(120, 180, 220), width=max(s // 5, 2))
    elif kind == "compactor":
        d.polygon(
            [(x, base - 3.3 * s), (x + 4 * s, base - 3 * s), (x + 4 * s, base - wheel), (x, base - wheel)],
            fill=body,
        )
        d.rectangle([x - s // 3, base - 2.8 * s, x, base - wheel], fill=(170, 180, 178))
    elif kind == "lift":
        d.line(
            [(x + 2 * s, base - 3 * s), (x + 0.8 * s, base - 5 * s)],
            fill=(200, 205, 200),
            width=max(s // 3, 3),
        )
        d.rectangle([x + 0.2 * s, base - 5.6 * s, x + 1.4 * s, base - 4.8 * s], fill=AMBER)
    for wx in (x + s, x + 4.6 * s):
        d.ellipse([wx - wheel, base - 2 * wheel, wx + wheel, base], fill=(36, 40, 42))
        d.ellipse(
            [wx - wheel / 2.5, base - wheel - wheel / 2.5, wx + wheel / 2.5, base - wheel + wheel / 2.5],
            fill=(170, 176, 178),
        )


def car(d, x, base, s, color):
    d.rounded_rectangle([x, base - 1.1 * s, x + 3.2 * s, base - 0.3 * s], radius=s // 3, fill=color)
    d.rounded_rectangle([x + 0.6 * s, base - 1.7 * s, x + 2.4 * s, base - 0.9 * s], radius=s // 3, fill=color)
    d.rectangle([x + 0.85 * s, base - 1.5 * s, x + 2.15 * s, base - 1.05 * s], fill=(200, 228, 238))
    for wx in (x + 0.7 * s, x + 2.5 * s):
        d.ellipse([wx - 0.35 * s, base - 0.7 * s, wx + 0.35 * s, base], fill=(36, 40, 42))


# --- scenes --------------------------------------------------------------------------------------


def street(d, w, h, rnd, dusk=False):
    gradient(d, w, h, *(SKY_DUSK if dusk else SKY_DAY))
    d.ellipse([w * 0.75, h * 0.12, w * 0.75 + h * 0.16, h * 0.28], fill=(255, 214, 120))
    skyline(d, w, h, rnd, int(h * 0.72), (150, 176, 178) if not dusk else (52, 70, 92), tall=0.5)
    skyline(
        d,
        w,
        h,
        rnd,
        int(h * 0.72),
        (104, 140, 140) if not dusk else (34, 48, 66),
        lit=(255, 220, 140) if dusk else None,
        tall=0.35,
    )
    d.rectangle([0, h * 0.72, w, h], fill=(86, 94, 98))
    d.rectangle([0, h * 0.72, w, h * 0.76], fill=(196, 200, 196))
    for x in range(0, w, w // 10):
        d.rectangle([x + w // 40, h * 0.87, x + w // 40 + w // 20, h * 0.885], fill=(240, 240, 232))
    for x in range(w // 16, w, w // 6):
        tree(d, x, int(h * 0.74), int(h * 0.2), rnd)
    truck(d, int(w * 0.62), int(h * 0.96), int(h * 0.075))


def park(d, w, h, rnd):
    gradient(d, w, h, *SKY_DAY)
    skyline(d, w, h, rnd, int(h * 0.55), (168, 192, 194), tall=0.35)
    d.rectangle([0, h * 0.55, w, h], fill=(124, 184, 116))
    d.polygon(
        [
            (0, h * 0.78),
            (w * 0.3, h * 0.7),
            (w * 0.7, h * 0.74),
            (w, h * 0.66),
            (w, h * 0.82),
            (w * 0.65, h * 0.9),
            (w * 0.3, h * 0.86),
            (0, h * 0.94),
        ],
        fill=(96, 170, 206),
    )
    d.line(
        [(w * 0.52, h * 0.74), (w * 0.6, h * 0.66), (w * 0.68, h * 0.9)],
        fill=(236, 232, 220),
        width=max(h // 60, 3),
    )
    d.arc([w * 0.46, h * 0.62, w * 0.74, h * 0.98], 180, 360, fill=(236, 232, 220), width=max(h // 50, 4))
    for _ in range(14):
        x = rnd.randint(0, w)
        y = rnd.choice([rnd.randint(int(h * 0.58), int(h * 0.7)), rnd.randint(int(h * 0.9), h)])
        tree(
            d,
            x,
            y,
            rnd.randint(int(h * 0.1), int(h * 0.2)),
            rnd,
            leaf=rnd.choice([(46, 125, 80), (64, 148, 88)]),
        )
    d.line([(0, h * 0.98), (w * 0.4, h * 0.9), (w, h * 0.97)], fill=(228, 214, 180), width=max(h // 40, 5))


def smart(d, w, h, rnd):
    gradient(d, w, h, *SKY_NIGHT)
    skyline(d, w, h, rnd, int(h * 0.86), (30, 62, 74), lit=(130, 220, 200), tall=0.6)
    d.rectangle([0, h * 0.86, w, h], fill=(20, 40, 46))
    nodes = [
        (rnd.randint(int(w * 0.05), int(w * 0.95)), rnd.randint(int(h * 0.1), int(h * 0.55)))
        for _ in range(11)
    ]
    for i, a in enumerate(nodes):
        for b in nodes[i + 1 : i + 3]:
            d.line([a, b], fill=(88, 190, 170), width=max(h // 200, 2))
    for x, y in nodes:
        r = max(h // 70, 4)
        d.ellipse([x - r, y - r, x + r, y + r], fill=AMBER)


def campus(d, w, h, rnd):
    gradient(d, w, h, *SKY_DAY)
    d.rectangle([0, h * 0.78, w, h], fill=(128, 186, 118))
    for i, (bx, bw, bh) in enumerate([(0.08, 0.22, 0.5), (0.36, 0.28, 0.62), (0.7, 0.22, 0.44)]):
        x0, x1, top = w * bx, w * (bx + bw), h * (0.78 - bh)
        d.rectangle([x0, top, x1, h * 0.78], fill=[(214, 224, 226), (188, 210, 214), (222, 230, 226)][i])
        for wy in range(int(top + h * 0.04), int(h * 0.74), max(h // 18, 10)):
            d.rectangle([x0 + w * 0.015, wy, x1 - w * 0.015, wy + h // 40], fill=(120, 168, 190))
    d.rectangle([0, h * 0.9, w, h * 0.95], fill=(226, 218, 196))
    for x in range(w // 20, w, w // 8):
        tree(d, x, int(h * 0.88), int(h * 0.14), rnd)


def parking(d, w, h, rnd):
    d.rectangle([0, 0, w, h], fill=(92, 100, 104))
    for row in range(3):
        y = h * (0.12 + row * 0.3)
        for x in range(0, w, w // 8):
            d.rectangle([x, y, x + 4, y + h * 0.22], fill=(236, 236, 230))
            if rnd.random() < 0.7:
                c = rnd.choice([(200, 60, 50), (240, 240, 240), (40, 90, 160), (30, 30, 34), (230, 180, 60)])
                d.rounded_rectangle(
                    [x + w * 0.025, y + h * 0.02, x + w / 8 - w * 0.025, y + h * 0.2], radius=w // 80, fill=c
                )
            else:
                d.ellipse(
                    [x + w / 16 - 9, y + h * 0.1 - 9, x + w / 16 + 9, y + h * 0.1 + 9], fill=(80, 200, 140)
                )
    d.rounded_rectangle([w * 0.78, h * 0.03, w * 0.97, h * 0.11], radius=8, fill=GREEN)


def control_room(d, w, h, rnd):
    d.rectangle([0, 0, w, h], fill=(22, 40, 46))
    for row in range(2):
        for col in range(4):
            x0, y0 = w * (0.05 + col * 0.23), h * (0.08 + row * 0.3)
            d.rectangle([x0, y0, x0 + w * 0.21, y0 + h * 0.26], fill=(34, 70, 80))
            kind = (row * 4 + col) % 3
            if kind == 0:
                pts = [
                    (x0 + w * 0.01 + i * w * 0.019, y0 + h * (0.2 - rnd.random() * 0.14)) for i in range(11)
                ]
                d.line(pts, fill=(110, 220, 190), width=3)
            elif kind == 1:
                for i in range(6):
                    bh = h * rnd.uniform(0.04, 0.18)
                    d.rectangle(
                        [
                            x0 + w * (0.015 + i * 0.032),
                            y0 + h * 0.23 - bh,
                            x0 + w * (0.035 + i * 0.032),
                            y0 + h * 0.23,
                        ],
                        fill=AMBER,
                    )
            else:
                d.ellipse(
                    [x0 + w * 0.06, y0 + h * 0.04, x0 + w * 0.15, y0 + h * 0.22],
                    outline=(110, 220, 190),
                    width=6,
                )
    d.rectangle([0, h * 0.72, w, h], fill=(40, 52, 56))
    d.rectangle([w * 0.1, h * 0.78, w * 0.9, h * 0.84], fill=(70, 86, 90))


def greenway(d, w, h, rnd):
    park(d, w, h, rnd)
    for x in range(0, w, w // 12):
        d.ellipse([x, h * 0.5, x + w // 14, h * 0.58], fill=(220, 120, 150))


SCENES: dict[str, Draw] = {
    "street": street,
    "dusk": lambda d, w, h, r: street(d, w, h, r, dusk=True),
    "park": park,
    "smart": smart,
    "campus": campus,
    "parking": parking,
    "control": control_room,
    "greenway": greenway,
}


# --- vehicles and devices, portraits, certificates --------------------------------------------


def vehicle(kind: str) -> Draw:
    def draw(d, w, h, rnd):
        gradient(d, w, h, (233, 242, 238), (214, 230, 224))
        d.rectangle([0, h * 0.82, w, h], fill=(200, 210, 206))
        s = int(h * 0.13)
        if kind == "drone":
            cx, cy = w // 2, int(h * 0.42)
            d.rounded_rectangle([cx - s, cy - s // 2, cx + s, cy + s // 2], radius=s // 3, fill=GREEN)
            for dx in (-2.2 * s, 2.2 * s):
                d.line([(cx, cy), (cx + dx, cy - s // 2)], fill=(60, 70, 72), width=max(s // 6, 3))
                d.ellipse([cx + dx - s, cy - s * 0.7, cx + dx + s, cy - s * 0.3], fill=(150, 160, 162))
            d.ellipse([cx - s // 3, cy + s // 3, cx + s // 3, cy + s], fill=(30, 34, 36))
        elif kind == "patrol":
            car(d, int(w * 0.22), int(h * 0.86), int(h * 0.2), (240, 244, 242))
            d.rectangle([w * 0.22 + h * 0.1, h * 0.74, w * 0.22 + h * 0.6, h * 0.77], fill=GREEN)
            d.rectangle([w * 0.42, h * 0.5, w * 0.48, h * 0.53], fill=AMBER)
        elif kind == "sensor":
            d.rectangle([w * 0.47, h * 0.25, w * 0.53, h * 0.84], fill=(120, 130, 132))
            d.rounded_rectangle([w * 0.38, h * 0.2, w * 0.62, h * 0.42], radius=10, fill=GREEN)
            for r in (0.06, 0.1, 0.14):
                d.arc(
                    [w * (0.5 - r * 1.4), h * (0.1 - r), w * (0.5 + r * 1.4), h * (0.1 + r) + h * 0.1],
                    200,
                    340,
                    fill=AMBER,
                    width=5,
                )
        else:
            truck(d, int(w * 0.16), int(h * 0.88), s, kind=kind)

    return draw


def portrait(skin: tuple, hair: tuple, uniform: tuple, bg: tuple, style: str) -> Draw:
    def draw(d, w, h, rnd):
        d.rectangle([0, 0, w, h], fill=bg)
        d.ellipse([w * 0.12, h * 0.68, w * 0.88, h * 1.3], fill=uniform)
        d.polygon([(w * 0.42, h * 0.7), (w * 0.5, h * 0.82), (w * 0.58, h * 0.7)], fill=(244, 244, 240))
        d.rectangle([w * 0.44, h * 0.56, w * 0.56, h * 0.72], fill=skin)
        d.ellipse([w * 0.32, h * 0.24, w * 0.68, h * 0.64], fill=skin)
        if style == "helmet":
            d.chord([w * 0.29, h * 0.14, w * 0.71, h * 0.5], 180, 360, fill=AMBER)
            d.rectangle([w * 0.26, h * 0.31, w * 0.74, h * 0.34], fill=AMBER)
        elif style == "long":
            d.chord([w * 0.3, h * 0.2, w * 0.7, h * 0.52], 180, 360, fill=hair)
            d.rectangle([w * 0.29, h * 0.34, w * 0.35, h * 0.66], fill=hair)
            d.rectangle([w * 0.65, h * 0.34, w * 0.71, h * 0.66], fill=hair)
        else:
            d.chord([w * 0.31, h * 0.2, w * 0.69, h * 0.48], 180, 360, fill=hair)
        for ex in (0.44, 0.56):
            d.ellipse([w * ex - 5, h * 0.44 - 5, w * ex + 5, h * 0.44 + 5], fill=(40, 36, 34))
        d.arc([w * 0.44, h * 0.48, w * 0.56, h * 0.56], 20, 160, fill=(150, 80, 70), width=4)

    return draw


@cache
def cjk_font(weight: str, size: int) -> ImageFont.FreeTypeFont:
    """Noto Serif CJK, the Simplified Chinese face of the collection."""
    path = FONT_DIR / f"NotoSerifCJK-{weight}.ttc"
    for index in range(5):
        font = ImageFont.truetype(str(path), size, index=index)
        if font.getname()[0] == "Noto Serif CJK SC":
            return font
    raise SystemExit(f"no Simplified Chinese face in {path}: install fonts-noto-cjk")


def wrap(d: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """Chinese text broken into lines no wider than `width`; closing punctuation never starts a line
    (it stays at the end of the one before, a little past the width)."""
    lines, line = [], ""
    for char in text:
        if line and char not in "，。、：；！？）》」』”" and d.textlength(line + char, font=font) > width:
            lines.append(line)
            line = char
        else:
            line += char
    return [*lines, line] if line else lines


def certificate(frame: tuple, emblem: tuple, seed_shape: str, words: dict) -> Draw:
    """A certificate: double frame, emblem, its kind as heading, the record's name, the words below it
    (`words["lines"]`), the issuer with the date, and the issuer's red seal."""

    def draw(d, w, h, rnd):
        d.rectangle([0, 0, w, h], fill=(250, 246, 234))
        m = min(w, h)
        d.rectangle([m * 0.04, m * 0.04, w - m * 0.04, h - m * 0.04], outline=frame, width=int(m * 0.025))
        d.rectangle([m * 0.08, m * 0.08, w - m * 0.08, h - m * 0.08], outline=frame, width=int(m * 0.006))
        cx = w / 2
        r = m * 0.07
        ey = h * 0.17
        if seed_shape == "star":
            d.regular_polygon((cx, ey, r), 5, fill=emblem)
        elif seed_shape == "laurel":
            d.ellipse([cx - r, ey - r, cx + r, ey + r], fill=emblem)
            for side in (-1, 1):
                for i in range(5):
                    a = cx + side * (r * 1.3 + i * r * 0.1)
                    y = ey + r - i * r * 0.45
                    d.ellipse([a - r * 0.22, y - r * 0.12, a + r * 0.22, y + r * 0.12], fill=(120, 150, 80))
        else:
            d.regular_polygon((cx, ey, r), 6, fill=emblem)
        ink = (48, 40, 32)
        d.text(
            (cx, h * 0.3), words["heading"], font=cjk_font("Bold", int(m * 0.085)), fill=frame, anchor="mm"
        )
        title_font = cjk_font("Bold", int(m * 0.056))
        y = h * 0.4
        for line in wrap(d, words["title"], title_font, w * 0.8):
            d.text((cx, y), line, font=title_font, fill=ink, anchor="mm")
            y += m * 0.075
        body = cjk_font("Regular", int(m * 0.036))
        y += m * 0.02
        for text in words["lines"]:
            for line in wrap(d, text, body, w * 0.68):
                d.text((w * 0.17, y), line, font=body, fill=ink, anchor="lm")
                y += m * 0.055
        sr = m * 0.11
        sx, sy = w * 0.7, h * 0.8
        d.text(
            (sx, sy - m * 0.02),
            words["issuer"],
            font=cjk_font("Regular", int(m * 0.036)),
            fill=ink,
            anchor="mm",
        )
        d.text(
            (sx, sy + m * 0.045),
            words["date"],
            font=cjk_font("Regular", int(m * 0.034)),
            fill=ink,
            anchor="mm",
        )
        seal = Image.new("RGBA", (int(sr * 2) + 4, int(sr * 2) + 4))
        s = ImageDraw.Draw(seal)
        s.ellipse([2, 2, sr * 2 + 2, sr * 2 + 2], outline=(196, 40, 40, 200), width=int(m * 0.012))
        s.regular_polygon((sr + 2, sr + 2, sr * 0.45), 5, fill=(196, 40, 40, 190))
        d._image.paste(seal, (int(sx - sr - 2), int(sy - sr - 2)), seal)

    return draw


def demo_rows(name: str) -> list[dict]:
    return json.loads((DEMO / f"{name}.json").read_text(encoding="utf-8"))


def chinese_number_year(year: int) -> str:
    digits = "〇一二三四五六七八九"
    return "".join(digits[int(c)] for c in str(year)) + "年"


def award_words(row: dict) -> dict:
    return {
        "heading": "荣誉证书",
        "title": row["title"],
        "lines": ["城市运营公司：", row["description"]],
        "issuer": row["issuer"],
        "date": chinese_number_year(int(row["year"])),
    }


def qualification_words(row: dict) -> dict:
    lines = []
    if row.get("number"):
        lines.append(f"证书编号：{row['number']}")
    if row.get("valid_until"):
        lines.append(f"有效期至：{row['valid_until']}")
    if row.get("scope"):
        lines.append(f"范围：{row['scope']}")
    return {
        "heading": "资质证书",
        "title": row["title"],
        "lines": ["持证单位：城市运营公司", *lines],
        "issuer": row["issuer"],
        "date": "",
    }


def render(
    name: str, size: tuple[int, int], widths: list[int], draw: Draw, seed: int, quality: int = 72
) -> None:
    w, h = size
    canvas = Image.new("RGB", (w * 2, h * 2))
    draw(ImageDraw.Draw(canvas), w * 2, h * 2, random.Random(seed))
    path = OUT / f"{name}.webp"
    path.parent.mkdir(parents=True, exist_ok=True)
    full = canvas.resize((w, h), Image.Resampling.LANCZOS)
    full.save(path, "WEBP", quality=quality, method=6)
    for width in widths:
        small = canvas.resize((width, round(h * width / w)), Image.Resampling.LANCZOS)
        small.save(OUT / f"{name}-{width}w.webp", "WEBP", quality=quality, method=6)


def main() -> None:
    seed = 0
    for name, scene in [("street", "street"), ("park", "park"), ("smart", "smart")]:
        seed += 1
        render(f"carousel/{name}", (1200, 500), [640], SCENES[scene], seed)
    for name, scene in [
        ("riverside-park", "park"),
        ("old-town-sanitation", "street"),
        ("tech-park-facility", "campus"),
        ("smart-parking", "parking"),
        ("city-operations-center", "control"),
        ("east-lake-greenway", "greenway"),
    ]:
        seed += 1
        render(f"projects/{name}", (960, 600), [480], SCENES[scene], seed)
    for name in ["sweeper", "compactor", "tank", "lift", "patrol", "drone", "sensor"]:
        seed += 1
        render(f"equipment/{name}", (640, 400), [320], vehicle(name), seed)
    people = [
        ("zhou-min", (240, 205, 180), (30, 26, 24), (11, 93, 75), (220, 236, 230), "short"),
        ("lin-xiaoyu", (246, 214, 190), (40, 30, 26), (38, 70, 110), (230, 232, 244), "long"),
        ("wang-jianguo", (226, 188, 160), (50, 46, 44), (230, 120, 40), (244, 232, 214), "helmet"),
        ("chen-jing", (244, 210, 186), (26, 22, 20), (11, 93, 75), (226, 240, 232), "long"),
        ("liu-haitao", (232, 196, 168), (34, 30, 28), (60, 66, 72), (232, 236, 238), "short"),
        ("zhao-lei", (236, 200, 172), (30, 28, 26), (230, 120, 40), (246, 236, 222), "helmet"),
    ]
    for name, skin, hair, uniform, bg, style in people:
        seed += 1
        render(f"staff/{name}", (360, 360), [180], portrait(skin, hair, uniform, bg, style), seed)
    # Certificates, one per record of the demo table whose image is `/images/<name>-<n>.webp`; each
    # style names the frame's colour, the emblem's colour and the emblem's shape.
    for name, table, words, size, styles in [
        (
            "awards/award",
            "award",
            award_words,
            (720, 510),
            [
                "bronze red star",
                "green amber laurel",
                "maroon amber hex",
                "bronze green laurel",
                "blue amber star",
                "maroon green hex",
            ],
        ),
        (
            "qualifications/cert",
            "qualification",
            qualification_words,
            (510, 720),
            [
                "blue red hex",
                "green red star",
                "blue green laurel",
                "green blue hex",
                "grey red star",
                "blue amber laurel",
            ],
        ),
    ]:
        rows = {row["image"]: row for row in demo_rows(table)}
        for i, style in enumerate(styles):
            seed += 1
            frame, emblem, shape = style.split()
            row = rows[f"/images/{name}-{i + 1}.webp"]
            draw = certificate(CERTIFICATE_COLOURS[frame], CERTIFICATE_COLOURS[emblem], shape, words(row))
            render(f"{name}-{i + 1}", size, [size[0] // 2], draw, seed, quality=CERTIFICATE_QUALITY)
    total = sum(p.stat().st_size for p in OUT.rglob("*.webp"))
    print(f"wrote {sum(1 for _ in OUT.rglob('*.webp'))} images, {total / 1024:.0f} KB")


if __name__ == "__main__":
    main()
