/**
 * What readers write under a chapter, on a line of it, and back to each other. {A} and {B} are
 * the story's two leads, {n} the chapter's number. Plain text, as comments are stored.
 */

/** On the chapter as a whole. */
export const CHAPTER_COMMENTS = [
  'Update soon please!!',
  'I was NOT ready for that ending.',
  'This chapter had me screaming.',
  '{A} deserves so much better honestly.',
  'Okay but why do I trust {B} even less now?',
  'Chapter {n} and I am already emotionally destroyed.',
  'The pacing in this one was perfect.',
  'Reading this at 3am instead of sleeping, no regrets.',
  'I keep coming back to reread this chapter.',
  'Who else thinks {B} is hiding something?',
  'The way {A} and {B} talk to each other is everything.',
  'This is my comfort story at this point.',
  'Not me refreshing every day for the next part.',
  'That cliffhanger should be illegal.',
  'Your writing gets better with every chapter.',
  'I need a whole book of just {A} being dramatic.',
  'Wait, so was the letter real or not?',
  'Finally some answers! Well, sort of.',
  'Chapter {n} might be my favorite so far.',
  'The atmosphere in this story is unreal.',
  'Can we talk about how {A} just walked away like that?',
  'I have so many theories right now.',
  'Ugh, {B}. Just tell her already.',
  'This deserves way more reads.',
  'The last line gave me chills.',
  'Sending this to all my friends.',
  'I love how slow this burn is.',
  'Plot twist of the year.',
  'How is this free to read?',
  'First! Okay now actually reading it.',
];

/** On one paragraph: reactions to a line. */
export const PARAGRAPH_COMMENTS = [
  'THIS LINE.',
  'Chills.',
  'I felt this one.',
  'Oh no. Oh no no no.',
  'Foreshadowing?? 👀',
  'Screenshotting this.',
  'The imagery here is beautiful.',
  '{A} is so real for this.',
  'Called it.',
  'Wait, reread this paragraph after the ending.',
  'I audibly gasped.',
  'Not {B} saying that 😭',
  'This is the moment everything changes, isn’t it.',
  'Why is this so relatable.',
  'Underlining this in my heart.',
  'The tension in this paragraph!!',
  'Hmm, something is off here.',
  'Best paragraph of the chapter.',
];

/** A reader answering another reader. */
export const REPLIES = [
  'Right?!',
  'Same here.',
  'I thought the exact same thing.',
  'Honestly, I think you’re onto something.',
  'Nooo, don’t say that, I still have hope.',
  'This comment is so underrated.',
  'I disagree, I think {B} means well.',
  'Came here to say this.',
  'You’re not alone 😭',
  'Good catch, I missed that completely.',
  'Agreed, {A} is the best part.',
  'The theories in these comments are amazing.',
];

/** The story's author answering a reader. */
export const AUTHOR_REPLIES = [
  'Thank you so much for reading!',
  'You might be right… 👀',
  'Haha, wait and see!',
  'This comment made my day, thank you.',
  'Next chapter is coming this weekend!',
  'I love your theories, keep them coming.',
  'Thank you! {A} is my favorite to write too.',
  'No spoilers, but you’re going to like what’s next.',
];

/** Appended to some comments so a few run long, as real ones do. */
export const AFTERTHOUGHTS = [
  'Also, the description of the weather made it feel so real.',
  'I’ve been recommending this to everyone I know.',
  'I went back and read the first chapter again and so many things make sense now.',
  'Every time I think I know where this is going, it surprises me.',
  'Honestly the side characters deserve their own story.',
  'I really hope {A} gets a happy ending, but I have a bad feeling.',
  'Take your time with the next part though, quality over speed!',
];
