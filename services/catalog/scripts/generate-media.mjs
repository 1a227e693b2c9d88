#!/usr/bin/env node
// Writes the catalogue's product illustrations (services/catalog/media/*.svg): one flat drawing
// per kind of product, 800×600 (the 4:3 of product cards), plus the fallback image. Run once
// after changing a drawing and commit the output; the service serves the files as they are:
//   node services/catalog/scripts/generate-media.mjs
// A changed drawing must get a new file name: /api/media answers are cached as immutable.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../media');

// Background tint per category (light, lighter) and the shared object colours.
const TINTS = {
  electronics: ['#dbeafe', '#eff6ff'],
  mobile: ['#ede9fe', '#f5f3ff'],
  home: ['#dcfce7', '#f0fdf4'],
  auto: ['#e2e8f0', '#f8fafc'],
  gaming: ['#fae8ff', '#fdf4ff'],
  sports: ['#ccfbf1', '#f0fdfa'],
  clothing: ['#ffe4e6', '#fff1f2'],
  general: ['#fef3c7', '#fffbeb'],
};
const INK = '#1f2937';
const DARK = '#374151';
const MID = '#6b7280';
const LIGHT = '#d1d5db';
const PALE = '#f3f4f6';
const WHITE = '#ffffff';

/** The frame every illustration shares: tinted background, a soft floor shadow, the drawing. */
function svg(tint, body, { shadow = [400, 480, 230, 26] } = {}) {
  const [a, b] = TINTS[tint];
  const [cx, cy, rx, ry] = shadow;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b}"/><stop offset="1" stop-color="${a}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#60a5fa"/><stop offset="0.55" stop-color="#6366f1"/><stop offset="1" stop-color="#312e81"/></linearGradient>
<linearGradient id="metal" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3f4f6"/><stop offset="1" stop-color="#9ca3af"/></linearGradient>
<radialGradient id="lens" cx="0.35" cy="0.35" r="0.8"><stop offset="0" stop-color="#93c5fd"/><stop offset="0.4" stop-color="#1e3a8a"/><stop offset="1" stop-color="#0f172a"/></radialGradient>
</defs>
<rect width="800" height="600" fill="url(#bg)"/>
<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#0f172a" opacity="0.08"/>
${body.trim()}
</svg>
`;
}

const circle = (cx, cy, r, fill, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
const rect = (x, y, w, h, rx, fill, extra = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" ${extra}/>`;
const line = (x1, y1, x2, y2, stroke, width, extra = '') =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" ${extra}/>`;
const shine = (x, y, w, h) => `<path d="M${x} ${y + h} L${x + w * 0.45} ${y} L${x + w * 0.6} ${y} L${x + w * 0.15} ${y + h} Z" fill="#ffffff" opacity="0.12"/>`;

const DRAWINGS = {
  laptop: svg('electronics', `
${rect(230, 140, 340, 226, 14, INK)}
${rect(246, 156, 308, 192, 6, 'url(#glass)')}
${shine(246, 156, 308, 192)}
<path d="M170 372 H630 L664 410 Q666 418 656 418 H144 Q134 418 136 410 Z" fill="#cbd5e1"/>
<path d="M170 372 H630 L636 380 H164 Z" fill="#94a3b8"/>
${rect(360, 392, 80, 12, 4, '#94a3b8')}`),

  smartphone: svg('mobile', `
${rect(318, 100, 164, 352, 30, INK)}
${rect(330, 112, 140, 328, 22, 'url(#glass)')}
${shine(330, 112, 140, 328)}
${rect(374, 122, 52, 14, 7, INK)}
${rect(370, 424, 60, 5, 2.5, '#e5e7eb', 'opacity="0.7"')}`, { shadow: [400, 470, 120, 18] }),

  tablet: svg('mobile', `
${rect(190, 150, 420, 286, 26, INK)}
${rect(206, 166, 388, 254, 14, 'url(#glass)')}
${shine(206, 166, 388, 254)}
${circle(198, 293, 4, MID)}`, { shadow: [400, 470, 240, 20] }),

  smartwatch: svg('mobile', `
${rect(357, 100, 86, 130, 22, '#fb7185')}
${rect(357, 370, 86, 120, 22, '#fb7185')}
${rect(326, 196, 148, 192, 42, INK)}
${rect(340, 210, 120, 164, 32, '#0f172a')}
<circle cx="400" cy="292" r="46" fill="none" stroke="#34d399" stroke-width="10" stroke-dasharray="210 80" transform="rotate(-90 400 292)"/>
<circle cx="400" cy="292" r="30" fill="none" stroke="#60a5fa" stroke-width="8" stroke-dasharray="130 60" transform="rotate(-90 400 292)"/>
${rect(472, 262, 14, 34, 5, MID)}`, { shadow: [400, 500, 110, 14] }),

  headphones: svg('electronics', `
<path d="M255 330 C255 150 545 150 545 330" fill="none" stroke="${INK}" stroke-width="26" stroke-linecap="round"/>
<path d="M270 300 C276 190 524 190 530 300" fill="none" stroke="${MID}" stroke-width="8" stroke-linecap="round"/>
<ellipse cx="262" cy="350" rx="52" ry="78" fill="${INK}"/>
<ellipse cx="538" cy="350" rx="52" ry="78" fill="${INK}"/>
<ellipse cx="282" cy="350" rx="28" ry="58" fill="${DARK}"/>
<ellipse cx="518" cy="350" rx="28" ry="58" fill="${DARK}"/>`),

  earbuds: svg('electronics', `
${rect(290, 270, 220, 170, 70, WHITE, `stroke="${LIGHT}" stroke-width="4"`)}
${line(296, 330, 504, 330, LIGHT, 4)}
${circle(400, 380, 6, '#22c55e')}
<ellipse cx="330" cy="195" rx="36" ry="32" fill="${WHITE}" stroke="${LIGHT}" stroke-width="4"/>
${rect(318, 205, 22, 70, 11, WHITE, `stroke="${LIGHT}" stroke-width="4"`)}
<ellipse cx="470" cy="195" rx="36" ry="32" fill="${WHITE}" stroke="${LIGHT}" stroke-width="4"/>
${rect(460, 205, 22, 70, 11, WHITE, `stroke="${LIGHT}" stroke-width="4"`)}
${circle(318, 190, 12, DARK)}${circle(482, 190, 12, DARK)}`, { shadow: [400, 460, 150, 16] }),

  television: svg('electronics', `
${rect(120, 110, 560, 320, 10, INK)}
${rect(132, 122, 536, 296, 4, 'url(#glass)')}
${shine(132, 122, 536, 296)}
<path d="M250 430 L220 470 M550 430 L580 470" stroke="${DARK}" stroke-width="12" stroke-linecap="round"/>
${rect(380, 430, 40, 6, 3, DARK)}`, { shadow: [400, 478, 260, 14] }),

  monitor: svg('electronics', `
${rect(180, 110, 440, 270, 14, INK)}
${rect(194, 124, 412, 232, 6, 'url(#glass)')}
${shine(194, 124, 412, 232)}
${rect(383, 380, 34, 66, 6, DARK)}
${rect(300, 440, 200, 18, 9, DARK)}`, { shadow: [400, 462, 150, 14] }),

  camera: svg('electronics', `
<path d="M320 205 L345 160 H455 L480 205 Z" fill="${INK}"/>
${rect(210, 200, 380, 230, 28, INK)}
${rect(210, 240, 380, 26, 0, DARK)}
${rect(250, 180, 50, 24, 6, DARK)}
${circle(400, 318, 98, DARK)}
${circle(400, 318, 78, '#111827')}
${circle(400, 318, 54, 'url(#lens)')}
${circle(382, 298, 12, WHITE, 'opacity="0.55"')}
${circle(540, 230, 10, '#ef4444')}`),

  speaker: svg('electronics', `
${rect(300, 120, 200, 340, 96, '#334155')}
<pattern id="mesh" width="14" height="14" patternUnits="userSpaceOnUse"><circle cx="7" cy="7" r="2.4" fill="#1e293b"/></pattern>
${rect(312, 150, 176, 280, 84, 'url(#mesh)')}
${rect(360, 132, 80, 10, 5, '#94a3b8')}
${circle(400, 290, 44, 'none', 'stroke="#475569" stroke-width="6"')}`, { shadow: [400, 470, 120, 16] }),

  'game-console': svg('gaming', `
<path d="M180 250 L230 205 H620 L570 250 Z" fill="#e5e7eb"/>
${rect(180, 250, 390, 160, 12, WHITE, `stroke="${LIGHT}" stroke-width="4"`)}
<path d="M570 250 L620 205 V365 L570 410 Z" fill="${LIGHT}"/>
${circle(470, 228, 26, INK)}
${line(210, 300, 400, 300, LIGHT, 6)}
${circle(215, 385, 6, '#22c55e')}
${rect(230, 380, 60, 10, 5, PALE)}`),

  'game-controller': svg('gaming', `
<path d="M270 230 H530 C600 230 640 300 650 380 C660 440 610 470 575 430 L530 380 H270 L225 430 C190 470 140 440 150 380 C160 300 200 230 270 230 Z" fill="${INK}"/>
<path d="M255 290 h22 v-22 h22 v22 h22 v22 h-22 v22 h-22 v-22 h-22 Z" fill="${MID}"/>
${circle(545, 270, 14, '#22c55e')}${circle(575, 300, 14, '#ef4444')}${circle(515, 300, 14, '#3b82f6')}${circle(545, 330, 14, '#eab308')}
${circle(340, 350, 30, DARK)}${circle(340, 350, 18, MID)}
${circle(460, 350, 30, DARK)}${circle(460, 350, 18, MID)}
${rect(380, 262, 40, 10, 5, MID)}`, { shadow: [400, 470, 240, 18] }),

  'handheld-console': svg('gaming', `
${rect(180, 210, 100, 190, 44, '#06b6d4')}
${rect(520, 210, 100, 190, 44, '#f43f5e')}
${rect(270, 210, 260, 190, 10, INK)}
${rect(286, 226, 228, 158, 4, 'url(#glass)')}
${shine(286, 226, 228, 158)}
${circle(230, 265, 22, INK)}${circle(570, 340, 22, INK)}
<path d="M218 330 h10 v-10 h10 v10 h10 v10 h-10 v10 h-10 v-10 h-10 Z" fill="${INK}"/>
${circle(570, 258, 7, INK)}${circle(585, 272, 7, INK)}${circle(555, 272, 7, INK)}${circle(570, 286, 7, INK)}`, { shadow: [400, 440, 240, 16] }),

  drill: svg('home', `
${rect(250, 190, 270, 100, 36, '#f59e0b')}
${rect(250, 190, 80, 100, 36, '#d97706')}
${rect(518, 212, 64, 56, 10, INK)}
${rect(580, 232, 110, 16, 4, '#9ca3af')}
<path d="M330 280 L420 280 L400 430 L320 430 Z" fill="${INK}"/>
${rect(400, 300, 22, 40, 8, DARK)}
${rect(280, 420, 190, 62, 12, DARK)}
${rect(300, 432, 40, 8, 4, '#22c55e')}`, { shadow: [420, 490, 230, 16] }),

  'circular-saw': svg('home', `
<circle cx="380" cy="330" r="122" fill="none" stroke="#9ca3af" stroke-width="14" stroke-dasharray="10 7"/>
${circle(380, 330, 114, 'url(#metal)')}
${circle(380, 330, 24, DARK)}
<path d="M240 330 A140 140 0 0 1 520 330 Z" fill="#f59e0b"/>
<path d="M300 230 C300 140 470 120 500 200" fill="none" stroke="${INK}" stroke-width="30" stroke-linecap="round"/>
${rect(200, 440, 380, 16, 6, DARK)}`),

  toolbox: svg('home', `
<path d="M320 250 V205 Q320 190 335 190 H465 Q480 190 480 205 V250" fill="none" stroke="${INK}" stroke-width="16"/>
${rect(200, 240, 400, 220, 16, '#dc2626')}
${rect(200, 240, 400, 60, 16, '#b91c1c')}
${line(230, 350, 570, 350, '#991b1b', 5)}
${line(230, 400, 570, 400, '#991b1b', 5)}
${rect(260, 285, 40, 24, 4, '#9ca3af')}${rect(500, 285, 40, 24, 4, '#9ca3af')}
${rect(370, 365, 60, 10, 5, '#fecaca')}${rect(370, 415, 60, 10, 5, '#fecaca')}`),

  'lawn-mower': svg('home', `
${line(330, 330, 210, 150, INK, 14)}
${line(190, 140, 250, 170, INK, 14)}
<path d="M240 420 Q240 330 330 330 H520 Q570 330 580 420 Z" fill="#16a34a"/>
<ellipse cx="430" cy="330" rx="70" ry="34" fill="${INK}"/>
${rect(400, 286, 60, 24, 8, DARK)}
${circle(280, 430, 44, INK)}${circle(280, 430, 18, '#9ca3af')}
${circle(540, 430, 44, INK)}${circle(540, 430, 18, '#9ca3af')}`),

  vacuum: svg('home', `
${line(440, 130, 380, 420, '#9ca3af', 16)}
<path d="M430 90 q40 0 40 40 l-10 30 h-40 Z" fill="${INK}"/>
${rect(418, 150, 70, 120, 30, '#8b5cf6', 'transform="rotate(12 453 210)"')}
${rect(430, 170, 36, 70, 18, '#c4b5fd', 'opacity="0.7" transform="rotate(12 448 205)"')}
${rect(290, 410, 180, 44, 16, INK)}
${rect(300, 446, 160, 8, 4, '#a78bfa')}`, { shadow: [390, 470, 150, 14] }),

  'espresso-machine': svg('home', `
${rect(250, 130, 300, 330, 22, 'url(#metal)')}
${rect(250, 130, 300, 60, 22, '#4b5563')}
${rect(350, 230, 100, 30, 8, INK)}
${rect(440, 238, 120, 16, 8, INK)}
${rect(370, 260, 60, 14, 4, DARK)}
<path d="M365 350 H435 L428 410 H372 Z" fill="${WHITE}" stroke="${LIGHT}" stroke-width="3"/>
${rect(280, 420, 240, 20, 6, DARK)}
${circle(300, 160, 10, '#22c55e')}${circle(330, 160, 10, '#f59e0b')}`, { shadow: [400, 470, 180, 16] }),

  'stand-mixer': svg('home', `
${rect(250, 440, 320, 26, 10, '#b91c1c')}
${rect(260, 240, 90, 210, 40, '#dc2626')}
${rect(250, 160, 320, 110, 55, '#dc2626')}
${circle(300, 215, 18, '#fca5a5')}
<path d="M380 320 H560 L540 440 H400 Z" fill="url(#metal)"/>
${line(470, 270, 470, 380, '#9ca3af', 10)}`, { shadow: [410, 472, 190, 14] }),

  'air-fryer': svg('home', `
${rect(270, 150, 260, 310, 56, INK)}
${circle(400, 210, 32, DARK)}
${circle(400, 210, 18, '#f97316')}
${rect(292, 300, 216, 140, 26, DARK)}
${rect(350, 356, 100, 22, 11, '#9ca3af')}`, { shadow: [400, 470, 150, 14] }),

  grill: svg('home', `
<path d="M230 300 A170 120 0 0 1 570 300 Z" fill="${INK}"/>
${rect(385, 170, 30, 14, 6, MID)}
<path d="M230 310 A170 130 0 0 0 570 310 Z" fill="${DARK}"/>
${rect(222, 298, 356, 14, 6, '#9ca3af')}
${line(300, 410, 260, 480, INK, 10)}${line(500, 410, 540, 480, INK, 10)}${line(400, 430, 400, 480, INK, 10)}
${circle(540, 480, 18, INK)}`, { shadow: [400, 488, 190, 12] }),

  'car-battery': svg('auto', `
${rect(290, 170, 40, 30, 6, '#dc2626')}${rect(470, 170, 40, 30, 6, INK)}
${rect(220, 195, 360, 40, 10, DARK)}
${rect(220, 225, 360, 230, 12, INK)}
${rect(220, 300, 360, 70, 0, '#f59e0b')}
<path d="M300 320 v30 M285 335 h30 M485 335 h30" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>`, { shadow: [400, 470, 210, 16] }),

  'tire-wheel': svg('auto', `
${circle(400, 300, 170, INK)}
<circle cx="400" cy="300" r="158" fill="none" stroke="#111827" stroke-width="18" stroke-dasharray="14 10"/>
${circle(400, 300, 105, 'url(#metal)')}
${[0, 72, 144, 216, 288].map((a) => `<rect x="392" y="205" width="16" height="80" rx="8" fill="#6b7280" transform="rotate(${a} 400 300)"/>`).join('')}
${circle(400, 300, 30, DARK)}${circle(400, 300, 10, '#9ca3af')}`, { shadow: [400, 485, 170, 16] }),

  'dash-cam': svg('auto', `
${rect(340, 140, 120, 30, 10, DARK)}
${rect(385, 160, 30, 80, 8, DARK)}
${rect(280, 230, 240, 130, 30, INK)}
${circle(460, 295, 46, DARK)}${circle(460, 295, 32, 'url(#lens)')}
${circle(452, 285, 7, WHITE, 'opacity="0.6"')}
${circle(310, 260, 6, '#ef4444')}`, { shadow: [400, 420, 150, 14] }),

  'brake-rotor': svg('auto', `
${circle(380, 310, 150, 'url(#metal)')}
${circle(380, 310, 150, 'none', `stroke="${MID}" stroke-width="3"`)}
${circle(380, 310, 62, '#6b7280')}
${[0, 72, 144, 216, 288].map((a) => `<circle cx="380" cy="272" r="9" fill="${INK}" transform="rotate(${a} 380 310)"/>`).join('')}
${circle(380, 310, 20, '#9ca3af')}
<path d="M470 170 A160 160 0 0 1 540 300 L500 305 A120 120 0 0 0 450 205 Z" fill="#dc2626"/>`),

  'car-stereo': svg('auto', `
${rect(170, 190, 460, 230, 18, INK)}
${rect(200, 214, 330, 182, 8, 'url(#glass)')}
${shine(200, 214, 330, 182)}
${[0, 1, 2, 3].map((i) => rect(550, 220 + i * 44, 56, 32, 8, DARK)).join('')}
`, { shadow: [400, 440, 250, 12] }),

  bicycle: svg('sports', `
<circle cx="230" cy="370" r="95" fill="none" stroke="${INK}" stroke-width="12"/>
<circle cx="570" cy="370" r="95" fill="none" stroke="${INK}" stroke-width="12"/>
<path d="M230 370 L380 370 L340 235 Z M380 370 L520 235 L340 235 M520 235 L570 370" fill="none" stroke="#0d9488" stroke-width="14" stroke-linejoin="round"/>
${line(520, 235, 510, 190, INK, 10)}${line(490, 190, 550, 180, INK, 10)}
${line(340, 235, 330, 205, INK, 10)}<path d="M300 200 h60 q8 0 4 8 h-64 Z" fill="${INK}"/>
${circle(380, 370, 18, DARK)}${circle(230, 370, 8, DARK)}${circle(570, 370, 8, DARK)}`, { shadow: [400, 472, 250, 14] }),

  tent: svg('sports', `
<path d="M400 130 L640 450 H160 Z" fill="#0d9488"/>
<path d="M400 130 L640 450 H520 Z" fill="#0f766e"/>
<path d="M400 250 L460 450 H340 Z" fill="#134e4a"/>
${line(400, 130, 400, 110, INK, 6)}
${line(160, 450, 110, 470, MID, 3)}${line(640, 450, 690, 470, MID, 3)}`, { shadow: [400, 458, 270, 14] }),

  dumbbells: svg('sports', `
<path d="M500 250 Q500 170 560 170 Q620 170 620 250" fill="none" stroke="${INK}" stroke-width="24"/>
${circle(560, 320, 92, '#0d9488')}
${rect(520, 300, 80, 34, 8, '#0f766e')}
${rect(170, 368, 290, 22, 10, '#9ca3af')}
${rect(206, 320, 40, 118, 10, INK)}${rect(384, 320, 40, 118, 10, INK)}
${rect(172, 340, 36, 78, 10, DARK)}${rect(422, 340, 36, 78, 10, DARK)}`, { shadow: [420, 446, 250, 16] }),

  'e-scooter': svg('sports', `
${line(520, 150, 560, 400, INK, 14)}
${line(490, 150, 560, 145, INK, 12)}
${rect(250, 390, 300, 26, 12, DARK)}
${circle(250, 430, 40, INK)}${circle(250, 430, 14, '#9ca3af')}
${circle(570, 430, 40, INK)}${circle(570, 430, 14, '#9ca3af')}
${rect(300, 398, 160, 8, 4, '#14b8a6')}`, { shadow: [410, 476, 230, 12] }),

  'puffer-jacket': svg('clothing', `
<path d="M330 130 Q400 160 470 130 L560 170 L620 400 L560 420 L530 300 V470 H270 V300 L240 420 L180 400 L240 170 Z" fill="#1e3a8a"/>
${[200, 250, 300, 350, 400].map((y) => `<path d="M${y < 300 ? 262 : 270} ${y} H${y < 300 ? 538 : 530}" stroke="#1e40af" stroke-width="6"/>`).join('')}
${line(400, 160, 400, 470, '#93c5fd', 5)}
<path d="M330 130 Q400 175 470 130 L455 115 Q400 140 345 115 Z" fill="#172554"/>`, { shadow: [400, 480, 200, 12] }),

  jeans: svg('clothing', `
<path d="M290 120 H510 L540 470 H430 L400 250 L370 470 H260 Z" fill="#1d4ed8"/>
${rect(290, 120, 220, 34, 4, '#1e40af')}
<path d="M300 154 Q330 200 380 160 M500 154 Q470 200 420 160" fill="none" stroke="#93c5fd" stroke-width="4"/>
${circle(400, 137, 6, '#fbbf24')}
${line(400, 154, 400, 230, '#1e3a8a', 4)}`, { shadow: [400, 476, 170, 10] }),

  sneakers: svg('clothing', `
<path d="M160 390 Q170 300 250 280 L330 250 Q360 240 380 270 L430 320 Q520 330 600 350 Q650 362 650 400 V410 H160 Z" fill="${WHITE}" stroke="${LIGHT}" stroke-width="4"/>
<path d="M150 400 H660 Q664 430 640 436 H170 Q148 432 150 400 Z" fill="#f43f5e"/>
${line(300, 285, 340, 310, MID, 5)}${line(320, 270, 360, 298, MID, 5)}${line(340, 258, 380, 288, MID, 5)}
<path d="M430 330 Q500 340 560 365" fill="none" stroke="#f43f5e" stroke-width="10" stroke-linecap="round"/>`, { shadow: [405, 445, 260, 14] }),

  backpack: svg('clothing', `
<path d="M360 150 Q360 120 400 120 Q440 120 440 150" fill="none" stroke="${INK}" stroke-width="12"/>
<path d="M260 230 Q260 150 400 150 Q540 150 540 230 V450 Q540 470 520 470 H280 Q260 470 260 450 Z" fill="#ea580c"/>
${rect(300, 330, 200, 110, 20, '#c2410c')}
${line(310, 350, 490, 350, '#fdba74', 4)}
${line(300, 230, 500, 230, '#c2410c', 6)}`, { shadow: [400, 480, 170, 12] }),

  router: svg('electronics', `
${rect(286, 150, 16, 180, 8, INK, 'transform="rotate(-14 294 330)"')}
${rect(392, 130, 16, 200, 8, INK)}
${rect(498, 150, 16, 180, 8, INK, 'transform="rotate(14 506 330)"')}
${rect(200, 320, 400, 90, 20, INK)}
${[260, 300, 340, 380].map((x) => circle(x, 365, 7, '#22c55e')).join('')}
${circle(540, 365, 7, '#3b82f6')}`, { shadow: [400, 430, 220, 12] }),

  printer: svg('electronics', `
${rect(290, 130, 220, 120, 4, WHITE, `stroke="${LIGHT}" stroke-width="3"`)}
${line(320, 170, 480, 170, LIGHT, 6)}${line(320, 200, 440, 200, LIGHT, 6)}
${rect(200, 220, 400, 190, 18, '#4b5563')}
${rect(200, 220, 400, 50, 18, '#6b7280')}
${rect(270, 350, 260, 16, 6, INK)}
${rect(520, 290, 50, 22, 6, '#1f2937')}${circle(590, 300, 6, '#22c55e')}`, { shadow: [400, 420, 220, 12] }),

  keyboard: svg('gaming', `
${rect(130, 240, 540, 190, 18, INK)}
${[0, 1, 2, 3].map((row) => Array.from({ length: 12 }, (_, i) => rect(152 + i * 42 + (row % 2) * 8, 262 + row * 38, 34, 30, 6, row === 0 && i < 4 ? '#a855f7' : DARK)).join('')).join('')}
${rect(260, 414, 280, 4, 2, '#a855f7', 'opacity="0.8"')}`, { shadow: [400, 445, 280, 12] }),

  blender: svg('home', `
<path d="M320 130 H480 L460 350 H340 Z" fill="#e0f2fe" stroke="#7dd3fc" stroke-width="4"/>
${rect(310, 118, 180, 22, 8, INK)}
<path d="M345 260 H455 L450 340 H350 Z" fill="#fb923c" opacity="0.8"/>
<path d="M320 350 H480 L500 460 H300 Z" fill="${INK}"/>
${circle(400, 410, 18, '#9ca3af')}`, { shadow: [400, 470, 140, 12] }),

  suitcase: svg('general', `
${rect(360, 110, 80, 60, 12, 'none', `stroke="${INK}" stroke-width="12"`)}
${rect(270, 160, 260, 290, 24, '#0ea5e9')}
${line(340, 180, 340, 430, '#0284c7', 8)}${line(460, 180, 460, 430, '#0284c7', 8)}
${circle(300, 466, 14, INK)}${circle(500, 466, 14, INK)}`, { shadow: [400, 482, 150, 12] }),

  guitar: svg('general', `
${rect(385, 90, 30, 230, 6, '#78350f')}
${rect(375, 70, 50, 50, 10, '#451a03')}
<path d="M400 280 C330 280 320 330 345 360 C290 380 300 480 400 480 C500 480 510 380 455 360 C480 330 470 280 400 280 Z" fill="#d97706"/>
${circle(400, 380, 28, '#451a03')}
${rect(370, 430, 60, 10, 4, '#451a03')}
${line(395, 120, 395, 430, '#fef3c7', 1.5)}${line(405, 120, 405, 430, '#fef3c7', 1.5)}`, { shadow: [400, 488, 120, 10] }),

  'office-chair': svg('general', `
${rect(300, 110, 200, 190, 40, INK)}
${rect(280, 300, 240, 50, 20, DARK)}
${rect(388, 350, 24, 70, 6, MID)}
<path d="M400 420 L280 455 M400 420 L520 455 M400 420 L330 470 M400 420 L470 470" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>
${circle(280, 462, 10, INK)}${circle(520, 462, 10, INK)}${circle(330, 476, 10, INK)}${circle(470, 476, 10, INK)}
${line(270, 260, 270, 310, INK, 10)}${line(530, 260, 530, 310, INK, 10)}`, { shadow: [400, 484, 160, 12] }),

  'power-station': svg('general', `
${rect(250, 190, 300, 260, 24, '#374151')}
<path d="M330 190 V160 Q330 145 345 145 H455 Q470 145 470 160 V190" fill="none" stroke="${INK}" stroke-width="14"/>
${rect(280, 220, 150, 90, 10, '#0f172a')}
<text x="355" y="278" font-family="Arial, Helvetica, sans-serif" font-size="40" font-weight="700" fill="#34d399" text-anchor="middle">87%</text>
${[0, 1, 2].map((i) => rect(290 + i * 60, 350, 40, 40, 8, INK)).join('')}
${circle(490, 250, 18, '#f59e0b')}`, { shadow: [400, 462, 170, 12] }),

  'fallback-product': svg('general', `
<path d="M400 150 L560 220 V400 L400 470 L240 400 V220 Z" fill="#e5e7eb"/>
<path d="M400 150 L560 220 L400 290 L240 220 Z" fill="#f3f4f6"/>
<path d="M400 290 V470 L560 400 V220 Z" fill="#d1d5db"/>
<path d="M320 185 L480 255 V300 L450 313 V270 L290 200 Z" fill="#cbd5e1"/>
<path d="M240 220 L400 290 L560 220" fill="none" stroke="#9ca3af" stroke-width="3"/>`),
};

mkdirSync(outDir, { recursive: true });
// The folder holds exactly what this script draws: old files of removed drawings go.
for (const f of readdirSync(outDir)) if (f.endsWith('.svg')) rmSync(path.join(outDir, f));
for (const [name, content] of Object.entries(DRAWINGS)) writeFileSync(path.join(outDir, `${name}.svg`), content);
console.log(`wrote ${Object.keys(DRAWINGS).length} illustrations to ${path.relative(process.cwd(), outDir)}`);
