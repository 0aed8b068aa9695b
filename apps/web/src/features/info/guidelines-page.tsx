import { Link } from 'react-router';
import { DocumentPage, type DocumentSection } from './components/document-page';

/** When this text last changed: change it with the text. */
const UPDATED = '2026-11-25';

const sections: DocumentSection[] = [
  {
    id: 'spirit',
    title: 'Stories can go anywhere; people deserve respect',
    content: (
      <>
        <p>
          Fiction explores cruelty, grief, violence, desire and every dark corner of being human,
          and it is welcome here. These guidelines are not about themes. They are about how we treat
          real people, and about a few things that are never acceptable, in a story or out of one.
        </p>
        <p>
          They apply to everything on Storyloom: stories and chapters, titles, descriptions, tags,
          covers, usernames, bios and profile pictures.
        </p>
      </>
    ),
  },
  {
    id: 'harassment',
    title: 'No harassment',
    content: (
      <>
        <p>Do not target a real person with:</p>
        <ul>
          <li>threats, intimidation or wishes of harm;</li>
          <li>repeated unwanted contact, insults or mockery, or rallying others to do it;</li>
          <li>
            their private information (a home address, phone number, workplace, real name they keep
            private, or private photos) without their consent;
          </li>
          <li>sexual content about them, or stories written to humiliate them.</li>
        </ul>
        <p>Criticise a story as much as you like; leave its author alone.</p>
      </>
    ),
  },
  {
    id: 'hate',
    title: 'No hate',
    content: (
      <p>
        Do not attack, dehumanise or call for the exclusion of people because of their race,
        ethnicity, national origin, caste, religion, sex, gender identity, sexual orientation, age,
        disability or serious illness. A story may portray a bigot, or show prejudice in order to
        examine it; it may not be written to spread hate, and usernames, covers and profiles may not
        carry hateful symbols or slurs.
      </p>
    ),
  },
  {
    id: 'minors',
    title: 'No sexual content involving minors. Ever.',
    content: (
      <>
        <p>
          Anything that sexualises a person under 18 is forbidden, whether the person is real or
          invented, in words or in images. Calling a character “actually older”, or leaving the age
          vague while describing a child, changes nothing.
        </p>
        <p>
          This content is removed as soon as we see it, the account that posted it is closed at once
          and without warning, and we report it to the authorities where the law requires or allows
          us to.
        </p>
      </>
    ),
  },
  {
    id: 'sexual-content',
    title: 'Sexual content between adults',
    content: (
      <p>
        Stories may include sex between adults who consent. Mark such a story as{' '}
        <strong>Mature Content</strong> in its settings, keep explicit material out of titles,
        descriptions, tags and covers (they appear in lists that everyone sees), and never post
        sexual images of real people.
      </p>
    ),
  },
  {
    id: 'violence',
    title: 'Violence, self-harm and dangerous acts',
    content: (
      <ul>
        <li>Violence may be written about; real threats may not be made.</li>
        <li>
          Do not encourage anyone to hurt or kill themselves, and do not give methods or
          instructions. Stories about suicide and self-harm are allowed; write them with care.
        </li>
        <li>
          Do not praise or promote real terrorist attacks, mass killings or the groups behind them,
          and do not post instructions for weapons, explosives or other serious harm.
        </li>
      </ul>
    ),
  },
  {
    id: 'spam',
    title: 'No spam or manipulation',
    content: (
      <ul>
        <li>
          Post stories, not advertisements: no promotions, link lists or the same text posted again
          and again.
        </li>
        <li>
          Do not inflate reads, likes or follows: no fake or extra accounts, no bots, no buying,
          selling or trading them.
        </li>
        <li>Use the genre and tags that describe the story, not popular ones that don’t.</li>
      </ul>
    ),
  },
  {
    id: 'copyright',
    title: 'Post only your own work',
    content: (
      <>
        <p>
          Post what you wrote, or what you have permission to post. Do not upload other people’s
          books, stories, translations of them, or covers made from images you may not use. Fan
          fiction is welcome when the words are yours.
        </p>
        <p>
          Copyright owners can ask us to remove copies of their work; the{' '}
          <Link to="/terms#copyright-complaints">Terms of Service</Link> say how.
        </p>
      </>
    ),
  },
  {
    id: 'honesty',
    title: 'Be who you are',
    content: (
      <p>
        Do not pretend to be another person, another author, or Storyloom and its staff, and do not
        run several accounts to get around a decision we made about one.
      </p>
    ),
  },
  {
    id: 'illegal',
    title: 'Nothing illegal',
    content: (
      <p>
        Do not use Storyloom to break the law: to sell illegal goods, to defraud people, or to share
        material that is illegal to share.
      </p>
    ),
  },
  {
    id: 'reporting',
    title: 'Reporting',
    content: (
      <>
        <p>
          If you find something that breaks these guidelines, tell us through the{' '}
          <Link to="/contact?topic=report">contact page</Link> with the topic{' '}
          <strong>Reporting a story or a person</strong>. Give the link to the story, chapter or
          profile and say what is wrong. Reports are read by our staff and never shown to the person
          you report.
        </p>
        <p>
          If a story or a person puts someone in immediate danger, contact your local emergency
          services first.
        </p>
      </>
    ),
  },
  {
    id: 'enforcement',
    title: 'What happens when a rule is broken',
    content: (
      <>
        <p>
          We look at what was posted and its context. Depending on how serious it is and whether it
          happened before, we may:
        </p>
        <ul>
          <li>ask you to change something, such as a tag or a cover;</li>
          <li>remove a chapter, a story, a picture or a bio;</li>
          <li>suspend an account for a time;</li>
          <li>close an account, at once for the most serious breaches.</li>
        </ul>
        <p>
          Where we can, we tell you what we did and why. If you think we got it wrong, answer that
          message and we will look at it again.
        </p>
      </>
    ),
  },
];

/** /guidelines: the community guidelines that moderation enforces. */
export function GuidelinesPage() {
  return (
    <DocumentPage
      title="Community Guidelines"
      kicker="Community"
      updated={UPDATED}
      summary={
        <p>
          Write about anything; treat real people with respect. These are the rules our moderators
          apply to everything on Storyloom.
        </p>
      }
      sections={sections}
      testId="guidelines-page"
    />
  );
}
