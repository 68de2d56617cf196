// The game screen's words for the rules' prompt (whose decision it is and what it is) and the
// bot speeds offered (pure, no DOM).

/** Bot speeds: milliseconds between bot commands. */
export const SPEEDS: { id: string; label: string; ms: number }[] = [
  { id: 'slow', label: 'Slow', ms: 1200 },
  { id: 'normal', label: 'Normal', ms: 450 },
  { id: 'fast', label: 'Fast', ms: 80 },
  { id: 'instant', label: 'Instant', ms: 0 },
];

export interface RulesPrompt {
  faction: number | null;
  decision: string | null;
  text: string;
}

const DECISIONS: Record<string, string> = {
  before_event: 'may play cards before the Event card takes effect',
  add_to_combat: 'may add cards to the battle',
  attendance: 'may send Nobles to Parliament',
  politicking: 'may play cards (politicking)',
  attack: 'is assembling an attack',
  chancery_awards: 'awards the Chancery cards drawn',
  offer: 'must answer an offer',
  decision: 'must decide',
};

/** The rules' prompt in words, addressed to the player when it is their decision. */
export function promptText(prompt: RulesPrompt | null, name: (f: number) => string, you: number | null): string {
  if (!prompt) return '';
  if (prompt.faction === null || prompt.faction === undefined) return prompt.text;
  const who = prompt.faction === you ? 'You' : name(prompt.faction);
  const what = prompt.decision ? (DECISIONS[prompt.decision] ?? `must decide (${prompt.decision.replace(/_/g, ' ')})`) : 'to play';
  return prompt.decision ? `${who} ${prompt.faction === you ? what.replace(/^is /, 'are ') : what}.` : `${who === 'You' ? 'Your' : `${who}'s`} move.`;
}
