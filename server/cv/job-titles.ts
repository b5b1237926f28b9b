/**
 * What a job title looks like, for reading one out of a CV line (issue 22, designation class):
 * a phrase with a role noun (Engineer, Manager, Accountant, Partner, ...), its label taken off
 * ("Role: QA Lead"), a glued company cut off ("Lead Java Developer Acme Solutions"), and a
 * specialisation after a dash kept ("Sales Manager - Enterprise Accounts") while a company after
 * a dash is not ("Software Engineer - Acme Pvt Ltd").
 */

const ROLE_NOUNS = new Set(
  (
    'engineer engineers developer manager analyst designer consultant architect scientist lead ' +
    'specialist administrator admin executive officer associate director tester programmer ' +
    'accountant recruiter marketer writer head sde sdet sre devops strategist coordinator ' +
    'researcher technician intern trainee president vp avp svp founder cofounder co-founder ' +
    'partner owner principal editor teacher lecturer professor assistant advisor adviser agent ' +
    'representative supervisor controller auditor counsel lawyer advocate nurse doctor physician ' +
    'pharmacist chef mechanic operator planner buyer merchandiser underwriter actuary economist ' +
    'statistician secretary receptionist clerk cashier trader banker broker tutor trainer ' +
    'instructor photographer artist animator producer journalist reporter copywriter generalist ' +
    'fellow apprentice expert leader evangelist investigator surveyor draughtsman draftsman ' +
    'foreman superintendent cto ceo cfo coo cio cmo ciso pm tpm ba qa hrbp'
  ).split(' '),
);

// Last words of company names; a part ending in one is a company, not a title or its
// specialisation.
const COMPANY_ENDINGS = new Set(
  (
    'ltd ltd. limited pvt pvt. private inc inc. llc llp corp corp. corporation company co co. ' +
    'technologies technology tech solutions systems labs lab services consulting consultants ' +
    'infotech softech software softwares media pharma pharmaceuticals bank studio studios group ' +
    'industries enterprises insights distributors traders telecom electronics motors automation ' +
    'infoways infosys advisors advisory retail steel hospital hospitals university college ' +
    'school institute foundation agency partners ventures capital holdings networks infra ' +
    'logistics exports international global india'
  ).split(' '),
);

// A part after " - " that names a field keeps to the title ("Manager - FP&A").
const FIELD_WORDS = new Set(
  (
    'engineering data analytics platform platforms accounts account sales marketing finance ' +
    'fp&a operations product products design technology infrastructure security enterprise ' +
    'business growth strategy payments mobile web cloud backend frontend qa testing research ' +
    'development risk compliance treasury tax taxation audit hr talent people procurement ' +
    'supply chain quality services delivery programs projects content brand digital ' +
    'partnerships customer success support it software hardware network networks systems ' +
    'learning ml ai platforms'
  ).split(' '),
);

const LABEL =
  /^(?:current\s+|present\s+)?(?:designation|role|position|job\s+title|title|post|profile)\s*[:\-–|]\s*/i;
const ROMAN_OR_LEVEL = /^(?:i{1,3}|iv|v|vi{0,3}|l\d|[1-9]|grade|level|\(.*\))$/i;
const MAX_TITLE_WORDS = 12;

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);
const bare = (word: string) => word.toLowerCase().replace(/^[^\p{L}\d&]+|[^\p{L}\d&.]+$/gu, '');

export function hasRoleNoun(text: string): boolean {
  return wordsOf(text).some((w) => {
    const b = bare(w).replace(/\.$/, '');
    return ROLE_NOUNS.has(b) || ROLE_NOUNS.has(b.replace(/s$/, ''));
  });
}

export function looksLikeCompany(text: string): boolean {
  const last = wordsOf(text).at(-1);
  return last !== undefined && COMPANY_ENDINGS.has(bare(last)) && !hasRoleNoun(text);
}

function isField(text: string): boolean {
  if (looksLikeCompany(text)) return false;
  const words = wordsOf(text);
  if (words.length === 1 && /^[A-Z&/]{2,6}$/.test(words[0]!)) return true; // FP&A, HR, QA
  return words.some((w) => FIELD_WORDS.has(bare(w)));
}

/** "Role: QA Lead" → "QA Lead". */
export function withoutLabel(text: string): { text: string; labelled: boolean } {
  const stripped = text.replace(LABEL, '');
  return { text: stripped, labelled: stripped !== text };
}

/**
 * Cuts what follows the last role noun when it is a company glued on ("Lead Java Developer
 * Acme Solutions"), keeping levels ("Data Engineer II") and fields ("Vice President
 * Engineering", "Head of Sales").
 */
function trimTail(title: string): string {
  const words = wordsOf(title);
  let last = -1;
  words.forEach((w, i) => {
    const b = bare(w).replace(/\.$/, '');
    if (ROLE_NOUNS.has(b) || ROLE_NOUNS.has(b.replace(/s$/, ''))) last = i;
  });
  if (last < 0 || last === words.length - 1) return title;
  const tail = words.slice(last + 1);
  const kept =
    tail.every((w) => ROMAN_OR_LEVEL.test(w)) || /^(?:of|for|in|-|–|,|&|and)$/i.test(tail[0]!);
  if (kept || tail.some((w) => FIELD_WORDS.has(bare(w)))) return title;
  return words.slice(0, last + 1).join(' ');
}

export interface TitleGuess {
  title: string;
  /** How sure: a label, a role noun, how few other words. */
  score: number;
}

/**
 * The job title in one cell of a line, if it has one: the cell is cut at " at ", "@", ",", "|"
 * and spaced dashes; the first part with a role noun that is not a company is the title, with
 * the field parts after a dash that follow it.
 */
export function titleInCell(cell: string): TitleGuess | undefined {
  const { text, labelled } = withoutLabel(cell.replace(/^[\s•▪●◦*>-]+/u, '').trim());
  if (!text || /[@]|https?:|www\./i.test(text)) return undefined;
  const pieces = text.split(/(\s+(?:at|@)\s+|\s*[|,;]\s*|\s+[-–—]\s+)/);
  for (let i = 0; i < pieces.length; i += 2) {
    const part = withoutLabel(pieces[i]!.trim()).text;
    if (!part || !hasRoleNoun(part) || looksLikeCompany(part) || /\d{3,}/.test(part)) continue;
    let title = part;
    for (let j = i + 2; j < pieces.length; j += 2) {
      const separator = pieces[j - 1]!;
      const next = pieces[j]!.trim();
      if (!/^\s+[-–—]\s+$/.test(separator) || !next || !isField(next) || hasRoleNoun(next)) break;
      title += ` - ${next}`;
    }
    title = trimTail(title.replace(/\s*\([^)]*\)\s*$/, '').trim());
    const words = wordsOf(title).length;
    if (words > MAX_TITLE_WORDS) return undefined;
    return { title, score: (labelled ? 3 : 0) + 2 - Math.max(0, words - 6) * 0.1 };
  }
  return undefined;
}

/** A sentence or a tagline ("An aspiring engineer who...", "Data engineer with 5 years..."). */
export function isSentence(text: string): boolean {
  const words = wordsOf(text);
  return (
    (/[.!]$/.test(text.trim()) && words.length > 4) ||
    /^(?:a|an|i|i'm|seeking|looking|aspiring|passionate|motivated|results?)\b/i.test(text.trim()) ||
    /\b(?:with|who|seeking|having|looking|experienced in|years?)\b/i.test(text)
  );
}
