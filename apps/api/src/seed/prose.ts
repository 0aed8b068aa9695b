import { GENRES, type Genre, wordCountOfHtml } from '@storyloom/shared';
import { Rng } from './random.js';
import { GENRE_WORDS } from './words.js';

/**
 * Chapter prose. A pool of paragraphs per genre is composed once from sentence templates; a
 * chapter is a handful of pool paragraphs picked by index, with the story's two leads put in
 * for the {A} and {B} placeholders. That keeps a million chapters cheap to make while every
 * chapter still reads like a page of a story. The HTML is what the server's sanitizer keeps:
 * <p>, <em>, <strong>, <blockquote>.
 */

const NARRATION = [
  '{A} stood at the window for a long time, watching {weather} settle over {place}.',
  'Nobody had spoken since they left {place}, and the silence had started to feel like a third passenger.',
  '{B} turned {object} over in both hands, as if it might explain itself.',
  'It was {time} when {A} finally admitted that something had gone wrong.',
  'Everything was exactly where {B} had left it, which was the first strange thing.',
  '{A} had rehearsed this conversation a dozen times, and none of the versions had started like this.',
  'Outside, {weather} pressed against the glass.',
  '{B} waited, and when nothing happened, waited a little longer.',
  'There was a <em>particular</em> kind of quiet in {place} at {time}.',
  '{A} felt {feeling} rise and did nothing to stop it.',
  'For a moment the whole world seemed to hold its breath.',
  'The stairs creaked under {B}’s weight, each step a small confession.',
  '{A} counted to ten, then to twenty, then gave up counting.',
  'Later, {A} would remember this as the moment everything changed.',
  'It should have been an ordinary evening.',
  '{B} had a way of smiling that made promises {B} never intended to keep.',
  'The walk back from {place} took longer than {A} remembered.',
  'Somewhere a door closed, and {A} flinched before she could help it.',
  '{A} folded the note twice and left it beside {object}.',
  'By the time the lamps were lit, {B} had already decided.',
  'What {A} wanted, more than anything, was for someone to tell her the truth.',
  'Every instinct told {A} to run. She stayed.',
  '{B} did not answer right away, and that was an answer of its own.',
  'They walked the rest of the way without a word, shoulders almost touching.',
  'The air smelled of {weather} and old paper.',
  '{A} had never been good at goodbyes, and this one was no exception.',
  'It was, {B} reflected, a <strong>terrible</strong> idea. It was also the only one they had.',
  '{A} pressed her palm flat against {object} and felt it, faintly, warm.',
  'The thing about {place} was that nobody ever really left it.',
  'Even now, {A} could not say exactly what she had expected.',
  '{B} laughed softly, and the tension went out of the room.',
  'In the distance, {sound} carried across the water.',
  'The hours slipped past the way they do when you are afraid to look at the clock.',
  '{A} wrote three words on the back of her hand so she would not forget them.',
  'Nothing about the next morning was simple.',
  '“Tell me again,” {A} said. “Slowly, this time.”',
  '“I was going to tell you,” {B} said. “I just didn’t know how.”',
  '“Are you sure about this?” {A} asked. {B} was not, and said so.',
  '“We don’t have much time,” {B} whispered.',
  '“You came back,” {A} said, and her voice did not sound like her own.',
  '{A} let the silence stretch until {B} had to fill it.',
  'Nothing on the table had moved, but {A} could have sworn something had.',
  'She thought of {place}, and of everything she had left behind there.',
  'And then, just as suddenly, it was over.',
  '{B} poured two cups of tea and pushed one across the table without a word.',
  'The lamp guttered, steadied, and threw their shadows long against the wall.',
  '{A} knew that look. She had worn it herself, once.',
  'It took {B} three tries to say it, and the third try was barely a whisper.',
  'They had agreed never to speak of {place} again. That agreement lasted until breakfast.',
  'Her hands were shaking. {A} put them in her pockets so nobody would see.',
  '{B} checked the time, then checked it again, as if the answer might change.',
  'Nobody noticed when {A} slipped out, which was exactly what she had planned.',
  'The quiet afterward was so complete that {A} could hear her own heartbeat.',
  '{B} had always been the brave one. Tonight, that was not going to be enough.',
  'There would be time for questions later. Right now there was only the road.',
  '{A} read the message twice, deleted it, and then spent an hour wishing she hadn’t.',
  'Of all the places to meet again, {place} was the least likely, and the most fitting.',
  'It was the kind of promise you only make when you are sure you will keep it.',
  '{B} stepped closer. {A} did not step back.',
];

const SLOTS = {
  place: [
    'the harbor',
    'the old house',
    'the station',
    'the orchard',
    'the library',
    'the bridge',
    'the square',
    'the hills',
  ],
  object: [
    'the locket',
    'the map',
    'the key',
    'the photograph',
    'the letter',
    'the lantern',
    'the box',
    'the ring',
  ],
  weather: [
    'a thin grey rain',
    'the first snow',
    'a warm wind',
    'the evening fog',
    'a hard frost',
    'the dusk',
  ],
  time: [
    'nearly midnight',
    'just past dawn',
    'late afternoon',
    'the hour before supper',
    'two in the morning',
  ],
  feeling: [
    'a familiar dread',
    'an unreasonable hope',
    'a slow anger',
    'something like relief',
    'the old loneliness',
  ],
  sound: [
    'a church bell',
    'the cry of a gull',
    'a train whistle',
    'a dog barking',
    'someone singing',
  ],
} as const;

const QUOTES = [
  'If you are reading this, I was right about the door.',
  'Come home when you can. Come home even if you can’t.',
  'Not all who wander are lost, but I very much am.',
  'Whatever happens, do not trust the one who smiles first.',
  'I kept every letter. I never sent a single one.',
];

export interface Paragraph {
  /** HTML with {A}/{B} placeholders for the leads. */
  html: string;
  words: number;
}

function fillSlots(template: string, rng: Rng): string {
  return template.replace(
    /\{(place|object|weather|time|feeling|sound)\}/g,
    (_, slot: keyof typeof SLOTS) => rng.pick(SLOTS[slot]),
  );
}

function composeParagraph(genre: Genre, rng: Rng): string {
  if (rng.chance(0.05)) return `<blockquote><p>${rng.pick(QUOTES)}</p></blockquote>`;
  // Distinct sentences, at most one in the genre's own voice, so no paragraph repeats itself.
  const sentences = rng.sample(NARRATION, rng.int(2, 5));
  if (rng.chance(0.5))
    sentences[rng.int(0, sentences.length - 1)] = rng.pick(GENRE_WORDS[genre].sentences);
  return `<p>${sentences.map((s) => fillSlots(s, rng)).join(' ')}</p>`;
}

export type ParagraphPool = ReadonlyMap<Genre, readonly Paragraph[]>;

/** Paragraphs per genre: a power of two, so any odd stride visits each once. */
const POOL_SIZE = 256;

/** `size` paragraphs per genre, the same for the same seed. */
export function buildParagraphPool(seed: number, size = POOL_SIZE): ParagraphPool {
  const pool = new Map<Genre, Paragraph[]>();
  GENRES.forEach((genre, g) => {
    const rng = Rng.for(seed, 900, g);
    const paragraphs: Paragraph[] = [];
    for (let i = 0; i < size; i++) {
      const html = composeParagraph(genre, rng);
      paragraphs.push({ html, words: wordCountOfHtml(html) });
    }
    pool.set(genre, paragraphs);
  });
  return pool;
}

/** A chapter's HTML and word count; the leads' names are single words, so counts hold. */
export function composeChapter(
  pool: ParagraphPool,
  genre: Genre,
  leads: { a: string; b: string },
  paragraphs: number,
  rng: Rng,
): { content: string; wordCount: number } {
  const own = pool.get(genre)!;
  let html = '';
  let wordCount = 0;
  // A random start and an odd stride: no paragraph twice in a chapter (the pool size is 2^n).
  const start = Math.floor(rng.next() * own.length);
  const stride = 2 * Math.floor(rng.next() * (own.length / 2)) + 1;
  for (let i = 0; i < paragraphs; i++) {
    const p = own[(start + i * stride) % own.length]!;
    html += p.html;
    wordCount += p.words;
  }
  return { content: html.replaceAll('{A}', leads.a).replaceAll('{B}', leads.b), wordCount };
}
