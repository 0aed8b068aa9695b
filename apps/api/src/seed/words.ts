import type { Genre } from '@storyloom/shared';

/** Word lists for the seed data. Small on purpose: variety comes from combining them. */

/** Whitespace-separated words. */
const words = (text: string): readonly string[] => text.trim().split(/\s+/);
/** `|`-separated phrases. */
const list = (text: string): readonly string[] => text.split('|').map((s) => s.trim());

export const FIRST_NAMES = words(`
  Ada Aiden Amara Anika Arlo Astrid Beatrix Bodhi Bram Calla Cassian Celeste Dara Declan
  Delphine Eamon Elio Elsa Emeka Esme Ezra Farah Felix Freya Gideon Greta Hana Harper Idris
  Ines Iris Jonah Juno Kai Kenji Kira Lark Leila Levi Lina Lucien Maeve Malik Marisol Mateo
  Mira Nadia Nico Noor Odette Oren Orla Pavel Priya Quinn Rafael Rhea Rowan Sabine Sage
  Saoirse Silas Sol Tamsin Theo Thea Tobias Una Vera Wren Yara Yusuf Zadie Zane Ingrid Caspian
  Lio Margot Soren Talia
`);

export const LAST_NAMES = words(`
  Ashdown Blackwood Calloway Castellan Darrow Ellery Fairweather Fenwick Greaves Hallam Hollis
  Ivers Kestrel Lindqvist Lowell Marlowe Mercer Nakamura Okafor Pemberton Quill Ravel Rosales
  Sato Sinclair Stroud Thorne Vance Varga Whitlock Wilde Yates Adeyemi Brennan Moreau Park
`);

/** Pieces of pen names: "quietlantern", "inkwell_fox". */
export const HANDLE_WORDS = words(`
  amber aster birch cinder cloud comet copper ember fable fern fox gale harbor hollow honey
  ink inkwell ivy lantern lark linen lunar maple meadow moth night oak owl paper pine quiet
  quill raven river rook rust salt sparrow star storm tide velvet willow winter wren zephyr
  page tale verse spell
`);

export const BIOS = [
  'Writing the stories I wanted to read at fifteen.',
  'Coffee, rain, and too many open drafts.',
  'Librarian by day, dragon wrangler by night.',
  'I write slow burns and fast plots. Updates on weekends.',
  'Reader first. Occasional poet. Always editing.',
  'Collector of strange facts and stranger characters.',
  'Night-shift nurse who writes on her breaks.',
  'Former journalist, current daydreamer.',
  'Here for found family and happy endings.',
  'Horror writer who still sleeps with the light on.',
  'Trying to finish one story before starting three more.',
  'Teacher, hiker, chronic over-plotter.',
  'Historical nerd. Footnotes available on request.',
  'Short chapters, long cliffhangers.',
  'Writing my way through grad school.',
  'Every story is a letter to someone.',
] as const;

export const GENRE_WEIGHTS: Record<Genre, number> = {
  Romance: 16,
  Fantasy: 14,
  Mystery: 8,
  'Sci-Fi': 8,
  Horror: 6,
  Adventure: 6,
  Drama: 7,
  Comedy: 5,
  Thriller: 7,
  Historical: 5,
  'Young Adult': 8,
  'Literary Fiction': 4,
  Poetry: 3,
  'Non-Fiction': 3,
};

export interface GenreWords {
  adjectives: readonly string[];
  nouns: readonly string[];
  places: readonly string[];
  titles: readonly string[];
  tags: readonly string[];
  hooks: readonly string[];
  /** Sentences in the genre's voice; {A} and {B} are the story's two leads. */
  sentences: readonly string[];
}

const STORY_TITLES = [
  'The {Noun} of {Place}',
  '{Adj} {Noun}',
  'The {Adj} {Noun}',
  '{A} and the {Noun}',
  'A {Noun} in {Place}',
  'The Last {Noun}',
  'Beneath the {Adj} {Noun}',
  'After the {Noun}',
  'Where the {Noun} Waits',
  'Letters from {Place}',
  'The {Noun} Keeper',
  '{Adj}',
];

export const GENRE_WORDS: Record<Genre, GenreWords> = {
  Romance: {
    adjectives: words('Tender Reckless Golden Borrowed Unspoken Sweet Summer'),
    nouns: words('Heart Promise Kiss Vow Letter Dance Secret Season'),
    places: list('Paris | the Coast | Willow Lane | the Vineyard | Marigold Bay'),
    titles: [...STORY_TITLES, 'Falling for {B}', 'Say Yes, {B}', 'Our {Adj} Summer'],
    tags: words(
      'slowburn enemies-to-lovers fake-dating second-chance love Billionaire small-town friends-to-lovers wedding Heartbreak',
    ),
    hooks: [
      '{A} swore off love after the wedding that never happened. Then {B} moved in next door.',
      'One fake date. One rainy summer. One rule: nobody falls in love.',
      '{A} and {B} have hated each other since the third grade. The new job makes that complicated.',
      'A bakery, a broken lease, and the last person {A} ever expected to see again.',
    ],
    sentences: [
      '{B} laughed, and {A} felt it somewhere under the ribs.',
      'It was only a dance, {A} told herself, and then the music slowed.',
      '“You kept it,” {B} said, turning the old letter over in careful hands.',
      'Neither of them let go first.',
    ],
  },
  Fantasy: {
    adjectives: words('Hollow Crimson Shattered Ember Silver Thorned Sunken'),
    nouns: words('Crown Dragon Throne Spell Blade Oath Kingdom Witch'),
    places: list('Eldermere | the Ash Wastes | Vel Doran | the Glass Isles | Thornwall'),
    titles: [...STORY_TITLES, 'Heir of {Place}', 'The {Noun} Who Would Not Kneel'],
    tags: words(
      'magic dragons Fae chosen-one quest witches high-fantasy Magic royalty found-family',
    ),
    hooks: [
      'The prophecy named {A} the kingdom’s ruin. {A} would like a word with the prophet.',
      'Magic is outlawed in {Place}. {B} has been hiding it for nineteen years.',
      'A thief, a disgraced knight and a very small dragon walk into the worst heist in history.',
      'When the old queen dies, the crown chooses {A}. Nobody asked the crown to.',
    ],
    sentences: [
      'The runes along the blade woke, one by one, and hummed a note older than the kingdom.',
      '{B} traced a sigil in the air and the torches bent toward it like flowers.',
      'Far below, something vast turned over in its sleep, and the mountain sighed.',
      '“Magic always takes its price,” the witch said. “The trick is choosing which one.”',
    ],
  },
  Mystery: {
    adjectives: words('Silent Missing Crooked Quiet Locked Second Pale'),
    nouns: words('Witness Key Alibi Clue Ledger Portrait Inheritance'),
    places: list('Harrow House | Blackmere | the Old Pier | Saint Aldric | Fenwick Street'),
    titles: [...STORY_TITLES, 'Who Killed {B}?', 'The Case of the {Adj} {Noun}'],
    tags: list(
      'detective | whodunit | cozy-mystery | murder | Small Town | secrets | investigation | cold-case',
    ),
    hooks: [
      'Everyone at {Place} had a reason to want the old man gone. Only one of them had a key.',
      '{A} runs a bookshop, not a detective agency. The body in the poetry section disagrees.',
      'Twenty years after {B} vanished, a postcard arrives in her handwriting.',
    ],
    sentences: [
      'The clock on the mantel had stopped at twenty past eleven, and nobody could say why.',
      '{A} wrote the name in the notebook, then crossed it out, then wrote it again.',
      'Someone had wiped the handle clean. Someone had not thought about the window latch.',
      '“You said you were home all night,” {A} said quietly. “Your boots say otherwise.”',
    ],
  },
  'Sci-Fi': {
    adjectives: words('Dark Quantum Distant Neon Orbital Final Synthetic'),
    nouns: words('Signal Station Colony Drift Protocol Horizon Engine'),
    places: list('Europa | Kepler Station | the Outer Belt | New Lagos | Sector Nine'),
    titles: [...STORY_TITLES, '{Place} Is Silent', 'The {Noun} Protocol'],
    tags: words('space AI dystopia cyberpunk aliens time-travel space-opera androids Space'),
    hooks: [
      'The colony ship was supposed to wake {A} in three hundred years. It has been four hundred.',
      'The station AI has started leaving {B} notes. They are getting worried.',
      'In New Lagos your memories are currency, and {A} is almost broke.',
    ],
    sentences: [
      'The console flickered and a line of text crawled across it: HELLO AGAIN.',
      'Beyond the viewport the planet turned, blue and indifferent.',
      '{B} ran the numbers twice. The fuel would last eleven days. The trip would take twelve.',
      'Somewhere deep in the hull, a pump coughed, caught, and kept them alive a little longer.',
    ],
  },
  Horror: {
    adjectives: words('Hungry Hollow Rotten Drowned Pale Whispering Crawling'),
    nouns: words('House Thing Mirror Cellar Doll Hymn Well Guest'),
    places: list('Marrow Lane | the Pines | Room 13 | Gallows Hill | the Lake House'),
    titles: [...STORY_TITLES, 'Do Not Open the {Noun}', 'It Lives in {Place}'],
    tags: words('haunted ghosts creepy paranormal psychological monsters gore Supernatural'),
    hooks: [
      'The house at {Place} was cheap for a reason. {A} is starting to hear it.',
      'Every night at 3:07, something knocks three times on {B}’s closet door. From the inside.',
      'Nobody in town talks about the summer of the flood. {A} is about to find out why.',
    ],
    sentences: [
      'The knocking stopped. That was worse.',
      'In the mirror, {A}’s reflection smiled a moment too late.',
      'The smell came up through the floorboards: wet earth, old pennies, something sweet and wrong.',
      '{B} counted the footsteps on the stairs. There were thirteen. There had always been twelve.',
    ],
  },
  Adventure: {
    adjectives: words('Lost Wild Uncharted Burning Forgotten Northern Endless'),
    nouns: words('Map Expedition River Compass Treasure Voyage Summit'),
    places: list('the Amazon | Skull Island | the Andes | the Sahara | the Frozen North'),
    titles: [...STORY_TITLES, 'Race to {Place}', 'The {Noun} Hunters'],
    tags: words('treasure pirates survival exploration action journey Quest jungle'),
    hooks: [
      'A torn map, a stolen seaplane and six days to reach {Place} before the rains.',
      '{A} inherited her grandfather’s debts and his compass. Only one of them points somewhere.',
      'Three strangers, one canoe, and a river that does not appear on any chart.',
    ],
    sentences: [
      'The rope held. The rock it was tied to had opinions of its own.',
      '{A} unfolded the map against the wind and pinned it flat with both hands.',
      'Below them the river roared white between the canyon walls.',
      '“We go over the ridge,” {B} said. “Or we go back and explain to them why we didn’t.”',
    ],
  },
  Drama: {
    adjectives: words('Broken Ordinary Quiet Borrowed Last Unfinished Small'),
    nouns: words('Family Summer Inheritance Kitchen Season Reunion Silence'),
    places: list('Maple Street | the Farm | Ohio | the Old Mill | Harbor Road'),
    titles: [...STORY_TITLES, 'Everything We Didn’t Say', 'The {Adj} Years'],
    tags: words('family grief siblings coming-of-age healing secrets Family realistic'),
    hooks: [
      'Three sisters, one farmhouse, and the will their father rewrote the week he died.',
      '{A} came home for the funeral. She did not plan on staying for the summer.',
      'Some families argue. The {Noun}s of {Place} keep score.',
    ],
    sentences: [
      'The kitchen still smelled of her mother’s coffee, and {A} could not bring herself to open a window.',
      '{B} set the plates down too hard, and for a moment nobody pretended not to notice.',
      'There were things you said at funerals, and things you saved for the car ride home.',
      '“I’m not angry,” {A} said, which was the first lie of the evening.',
    ],
  },
  Comedy: {
    adjectives: words('Terrible Awkward Accidental Questionable Mostly Fabulous'),
    nouns: words('Wedding Plan Roommate Goat Disaster Vacation Podcast'),
    places: list('Vegas | the Office | Aunt Ruth’s | Camp Wanderlust | Suburbia'),
    titles: [...STORY_TITLES, 'How Not to Ruin a {Noun}', 'My {Adj} {Noun}'],
    tags: words('funny humor satire rom-com Chaos office parody lighthearted'),
    hooks: [
      '{A} has one week to plan her sister’s wedding. The groom is a goat. It is a long story.',
      'Two rival podcasters. One shared studio. Zero professionalism.',
      '{B} lied on his résumé. Now he is the new head chef at the fanciest restaurant in town.',
    ],
    sentences: [
      'The goat, to its credit, looked sorry. It did not look sorry enough.',
      '{A} had a plan. The plan was bad. She was committed to it anyway.',
      '“In my defense,” {B} said, “the fire alarm was already going off when I got there.”',
      'There are many ways to make a first impression. Falling into the fountain is one of them.',
    ],
  },
  Thriller: {
    adjectives: words('Dead Silent Final Deadly Hidden Cold Burning'),
    nouns: words('Target Hour Asset Trace Conspiracy Countdown Witness'),
    places: list('Berlin | Washington | the Safehouse | Platform Six | the Border'),
    titles: [...STORY_TITLES, '{Adj} Hour', 'Nobody Leaves {Place}'],
    tags: words('suspense spy conspiracy crime action twist serial-killer Suspense'),
    hooks: [
      '{A} has forty-eight hours to prove she did not kill her partner. The evidence says she did.',
      'The message was meant for someone else. Now {B} knows the name of the next target: his own.',
      'A witness in protection. A leak in the agency. A train that will not stop.',
    ],
    sentences: [
      'The phone buzzed once on the table: UNKNOWN NUMBER. {A} let it ring.',
      'Two men in grey coats had been reading the same newspaper for twenty minutes.',
      '{B} checked the clip, then checked it again, because his hands needed something to do.',
      'Somewhere behind them, a car door closed very softly.',
    ],
  },
  Historical: {
    adjectives: words('Gilded Forgotten Iron Winter Imperial Victorian Last'),
    nouns: words('Court Letters Empire Garden Widow Revolution Harvest'),
    places: list('Versailles | Edo | Old London | Constantinople | the Highlands'),
    titles: [...STORY_TITLES, 'A Lady of {Place}', 'The {Noun} of 1812'],
    tags: words('regency war victorian history royalty WWII period-drama Historical'),
    hooks: [
      'London, 1815. {A} has one season to marry well, and no intention of doing so.',
      'A mapmaker’s daughter in the court of {Place} learns that borders are drawn in blood.',
      'The war took {B}’s brothers. He will not let it take the farm.',
    ],
    sentences: [
      'Candle smoke hung beneath the painted ceiling, and the quartet played on as if nothing had happened.',
      '{A} sealed the letter with wax and pressed her mother’s ring into it.',
      'The carriage lurched over the frozen ruts, and the lamps swung on their hooks.',
      '“The Duke will hear of this,” {B} said. “The Duke hears of everything, eventually.”',
    ],
  },
  'Young Adult': {
    adjectives: words('Senior Invisible Electric Brave Secret Midnight Reckless'),
    nouns: words('Year Summer Crush Band Locker Rebellion Dare'),
    places: list('Westbrook High | Camp Pinecrest | the Suburbs | Riverside | the Roof'),
    titles: [...STORY_TITLES, 'The Year {A} Disappeared', 'Ten Things About {B}'],
    tags: words('highschool teen friendship first-love school LGBTQ bullying Teen'),
    hooks: [
      '{A} has a plan for senior year: stay invisible. {B} has other plans.',
      'Six strangers. One detention. A secret that could end all of them.',
      'Every summer at Camp Pinecrest someone goes missing. This year it is {A}’s best friend.',
    ],
    sentences: [
      'The bell rang and nobody moved, because {B} was still standing on the teacher’s desk.',
      '{A} shoved the note in her locker and told herself she would not read it until lunch.',
      'Group chats, {A} had decided, were where friendships went to die.',
      '“It’s just a party,” {B} said, in the voice of someone who knew it was not.',
    ],
  },
  'Literary Fiction': {
    adjectives: words('Quiet Particular Small Late Ordinary Blue Distant'),
    nouns: words('Hours Weather Room Light Inventory Translation Shore'),
    places: list('Lisbon | the Interior | an Island | the Valley | the City'),
    titles: [...STORY_TITLES, 'What the {Noun} Remembers', 'A {Adj} Grammar'],
    tags: words('literary character-study memory identity grief slice-of-life Literary'),
    hooks: [
      'A translator returns to {Place} to finish the last book her father never wrote.',
      'Over one long winter, {A} catalogues everything in her grandmother’s house, and everything she never asked.',
    ],
    sentences: [
      'There is a kind of light, late in October, that makes every room look like a memory of itself.',
      '{A} thought, not for the first time, that grief was mostly a matter of furniture.',
      'The sea was the colour of pewter, and the gulls stood facing the wind as if waiting for instructions.',
      'Some words, {B} had learned, did not translate; they only moved house.',
    ],
  },
  Poetry: {
    adjectives: words('Small Salt Paper Blue Late Honest Soft'),
    nouns: words('Hours Poems Hymns Psalms Songs Weather Elegies'),
    places: list('the Kitchen | the Sea | the City | Home | the North'),
    titles: [
      '{Adj} {Noun}',
      'Notes on {Noun}',
      '{Noun} for {Place}',
      'Poems from {Place}',
      'The {Adj} Hours',
    ],
    tags: words('poetry poems free-verse love nature spoken-word haiku Poetry'),
    hooks: [
      'Poems about leaving, and the long way back.',
      'A collection written on the night bus, one stop at a time.',
      'Small poems for large feelings.',
    ],
    sentences: [
      'The kettle sings the only hymn this house remembers.',
      'I keep your name like a stone in my pocket, worn smooth from checking it is there.',
      'Morning comes in sideways, through the blinds, apologising.',
      'We were never the ocean. We were the sound it makes, leaving.',
    ],
  },
  'Non-Fiction': {
    adjectives: words('Practical Honest Curious Complete Slow Unlikely Brief'),
    nouns: words('Guide Notes Year Lessons Journal History Essays'),
    places: list('the Road | Japan | the Kitchen | the Trail | the Classroom'),
    titles: [
      'Notes from {Place}',
      'What I Learned About {Noun}',
      'A {Adj} {Noun}',
      'On {Noun}',
      'The {Adj} Year',
    ],
    tags: words('memoir essay travel writing-tips self-help true-story history Memoir'),
    hooks: [
      'A year of walking to work, and everything I noticed on the way.',
      'Practical notes on writing a novel when you have a day job and no time.',
      'What two thousand miles on foot taught me about patience.',
    ],
    sentences: [
      'The first lesson was simple: nobody remembers the plan, only what you did when it failed.',
      'I kept a notebook that year, and most of what follows comes from its water-stained pages.',
      'It is worth saying plainly, because I did not understand it at the time.',
      'By the third week I had stopped counting the miles and started counting the conversations.',
    ],
  },
};

export const GENERAL_TAGS = words(`
  drama adventure mystery diverse strong-female-lead plot-twist short-story emotional dark cozy
  found-family bittersweet slow-paced Fiction
`);

export const CHAPTER_TITLES = list(`
  Beginnings | The Letter | Homecoming | A Stranger at the Door | Rain | The Long Night |
  Crossroads | What Was Lost | First Light | The Bargain | Ashes | Under the Surface |
  Old Friends | A Change of Plans | The Truth | Echoes | Breaking Point | Small Mercies |
  The Storm | Afterward | Thresholds | Unfinished Business | The Return | Signals
`);

export const DESCRIPTION_TAILS = [
  'Updated every Friday.',
  'Some chapters contain strong language.',
  'First story, be kind.',
  'Inspired by a dream I had last winter.',
  'Comments and votes make my day.',
  '',
  '',
] as const;
