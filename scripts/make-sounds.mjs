// `node scripts/make-sounds.mjs`: writes public/sounds/order-filled.wav, the
// short two-note chime played on a fill when the trader turned the sound on
// (spec 2 §4). Synthesised here (two sine notes with a soft attack and an
// exponential decay), so the repository holds no third-party audio; the
// output is deterministic, and the committed file is what this prints.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RATE = 22_050;
const NOTES = [
  { hz: 880, start: 0, length: 0.16 },
  { hz: 1318.5, start: 0.09, length: 0.3 },
];
const total = Math.ceil(RATE * 0.42);
const samples = new Float64Array(total);
for (const note of NOTES) {
  const from = Math.round(note.start * RATE);
  const count = Math.round(note.length * RATE);
  for (let i = 0; i < count && from + i < total; i++) {
    const t = i / RATE;
    const attack = Math.min(1, t / 0.006);
    const decay = Math.exp(-t * 9);
    samples[from + i] += 0.32 * attack * decay * Math.sin(2 * Math.PI * note.hz * t);
  }
}

const data = Buffer.alloc(total * 2);
samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32_767), i * 2));
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write('data', 36);
header.writeUInt32LE(data.length, 40);

const out = join(ROOT, 'public', 'sounds', 'order-filled.wav');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, Buffer.concat([header, data]));
console.log(`wrote ${out} (${44 + data.length} bytes)`);
