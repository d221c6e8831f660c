// The words the benchmark's titles, previews and descriptions are made of, the most used
// first: texts pick early words more often, so a search for "portrait" (the 30th) matches
// about a quarter of the rows, as a popular word does on a real site, and a late word few.
export const COMMON_WORD = 'portrait';

const list = (text: string) => text.trim().split(/\s+/);

export const WORDS = list(`
  the and with for your new live custom art music stream game session video weekly exclusive
  creative digital commission sketch song tutorial travel guide behind scenes members early access
  portrait community challenge story design photo painting drawing lesson class workshop chat
  question answer review feedback studio project collab together shoutout personal message voice
  cover remix beat album single concert acoustic guitar piano drums vocal lyrics playlist podcast
  episode series season speedrun tournament strategy build level quest raid team coach practice
  camera edit film short documentary vlog trip journey city mountain coast island road market food
  recipe kitchen coffee morning evening night sunset summer winter spring autumn garden nature
  forest river ocean wildlife landscape watercolor oil ink charcoal pixel character fantasy comic
  anime poster print sticker badge emote logo banner avatar fan request idea vote poll choose pick
  name help support fund goal launch release preview premiere debut finale bonus extra limited
  edition signed handmade original daily monthly minute hour day beginner advanced masterclass tips
  tricks secrets method technique style color light shadow texture shape pattern theme mood vibe
  energy focus yoga fitness dance routine plan diary journal letter postcard gift birthday holiday
  celebration party meetup hangout office hours ask anything language history science math coding
  writing poetry book club reading puzzle riddle trivia quiz prize giveaway raffle ticket seat spot
  reaction commentary breakdown analysis walkthrough demo prototype sample draft final golden
  silver bright quiet wild gentle bold tiny giant secret
`);

/**
 * The words the benchmark searches for: the list without its first three, which nearly every
 * row holds, the commonest first.
 */
export const SEARCH_WORDS = WORDS.slice(3, 120);

export const FIRST_NAMES = list(`
  Maya Leo Ines Sam Kai Ava Noah Zoe Omar Lena Ravi Mila Theo Nora Jonas Aiko Felix Sara Diego
  Hana Elias Chloe Marco Yara Luca Emma Tariq Ivy Hugo Naomi
`);

export const LAST_NAMES = list(`
  Chen Okafor Duarte Rivera Bennett Novak Silva Kim Haddad Moreau Patel Larsen Ito Kowalski Nguyen
  Fischer Costa Adeyemi Rossi Berg
`);
