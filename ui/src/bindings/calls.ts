// Generated from src/service/calls.rs by `cargo test` (the one table of service calls).
// Do not edit: change the table.
import type { Advice } from "./Advice";
import type { AnalysisRequest } from "./AnalysisRequest";
import type { AppInfo } from "./AppInfo";
import type { ArchiveRequest } from "./ArchiveRequest";
import type { AtSeq } from "./AtSeq";
import type { BattlePreview } from "./BattlePreview";
import type { Board } from "./Board";
import type { BoardPaste } from "./BoardPaste";
import type { BoardPasted } from "./BoardPasted";
import type { BoardRequest } from "./BoardRequest";
import type { BranchRequest } from "./BranchRequest";
import type { ClaimStanding } from "./ClaimStanding";
import type { CodeText } from "./CodeText";
import type { Content } from "./Content";
import type { DailyRequest } from "./DailyRequest";
import type { DailyStatus } from "./DailyStatus";
import type { DeviceRequest } from "./DeviceRequest";
import type { Empty } from "./Empty";
import type { ExportedGames } from "./ExportedGames";
import type { GameRequest } from "./GameRequest";
import type { GameStatus } from "./GameStatus";
import type { GameSummary } from "./GameSummary";
import type { GameView } from "./GameView";
import type { HistoryImported } from "./HistoryImported";
import type { HistoryText } from "./HistoryText";
import type { ImportHistory } from "./ImportHistory";
import type { Imported } from "./Imported";
import type { LegalCommands } from "./LegalCommands";
import type { LogText } from "./LogText";
import type { NewGame } from "./NewGame";
import type { NobleStrength } from "./NobleStrength";
import type { Pairing } from "./Pairing";
import type { PhoneStatus } from "./PhoneStatus";
import type { PreviewRequest } from "./PreviewRequest";
import type { QrPicture } from "./QrPicture";
import type { QrText } from "./QrText";
import type { ResignRequest } from "./ResignRequest";
import type { RoundChances } from "./RoundChances";
import type { RulesReference } from "./RulesReference";
import type { SeatRequest } from "./SeatRequest";
import type { Settings } from "./Settings";
import type { SettingsView } from "./SettingsView";
import type { SharedCode } from "./SharedCode";
import type { StateAt } from "./StateAt";
import type { Stats } from "./Stats";
import type { StepRequest } from "./StepRequest";
import type { Story } from "./Story";
import type { Submit } from "./Submit";
import type { Submitted } from "./Submitted";
import type { Timeline } from "./Timeline";
import type { UndoRequest } from "./UndoRequest";
import type { Verified } from "./Verified";
import type { VerifiedCode } from "./VerifiedCode";
import type { WhyNot } from "./WhyNot";
import type { WhyNotRequest } from "./WhyNotRequest";

/** Every service call: its request and its answer. */
export type Calls = {
  /** Name, versions and a one-line summary of the content. */
  app_info: { request: Empty; response: AppInfo };
  /** The whole validated content: map, geometry, cards, tables, Event deck. */
  content: { request: Empty; response: Content };
  /** The rules help: reference sections, step and control help, the rule behind each refusal. */
  rules_reference: { request: Empty; response: RulesReference };
  /** Where a seat stands towards a Prestige Victory claim. */
  prestige_standing: { request: SeatRequest; response: ClaimStanding };
  /** Every stored game, newest first. */
  list_games: { request: Empty; response: Array<GameSummary> };
  /** Creates a game and lets the bots act a bounded share. */
  create_game: { request: NewGame; response: GameStatus };
  /** Creates a game without letting the bots act yet. */
  create_game_paused: { request: NewGame; response: GameStatus };
  /** A command, then the bots a bounded share. */
  submit: { request: Submit; response: Submitted };
  /** A person's command, without letting the bots act after it (their own decision's, or what they may do at any time while a bot is to move). */
  act: { request: Submit; response: Submitted };
  /** Lets the awaited bot give one command. */
  bot_step: { request: StepRequest; response: Submitted };
  /** Lets the bots act, a bounded batch, until a person must decide. */
  advance: { request: StepRequest; response: Submitted };
  /** Archives a saved game out of the list (kept whole, and in the history) or brings it back. */
  archive_game: { request: ArchiveRequest; response: null };
  /** Deletes a whole saved game (never a day's scored attempt, nor a game a branch continues). */
  delete_game: { request: GameRequest; response: null };
  /** Where a game stands. */
  status: { request: GameRequest; response: GameStatus };
  /** Closes a game the person has left (it reopens from its log). */
  close_game: { request: GameRequest; response: null };
  /** What a seat may see now. */
  view: { request: SeatRequest; response: GameView };
  /** What a seat may do now, each with its description and whether it could be undone: its decision's commands, or while others decide what it may do at any time. */
  legal: { request: SeatRequest; response: LegalCommands };
  /** Whether the person's command would be taken now, and if not the rules' reason. */
  why_not: { request: WhyNotRequest; response: WhyNot };
  /** A battle's or siege's odds as the rules weigh them: the attack under way, or one considered. */
  battle_preview: { request: PreviewRequest; response: BattlePreview };
  /** What a Hard player would do in the person's seat now. */
  advice: { request: SeatRequest; response: Advice };
  /** One round of a finished game's analysis: each faction's chance of winning then. */
  analysis_round: { request: AnalysisRequest; response: RoundChances };
  /** Every Noble's troop strength at a seq. */
  strengths: { request: AtSeq; response: { [key in string]: NobleStrength } };
  /** Undoes the person's decisions back to a seq (the last one by default). */
  undo: { request: UndoRequest; response: GameStatus };
  /** Resigns the game for its person: it ends as their loss, with its score. */
  resign: { request: ResignRequest; response: GameStatus };
  /** The view of a seat (or a spectator) at any seq. */
  state_at: { request: AtSeq; response: StateAt };
  /** A new game continuing from a seq of this one. */
  branch: { request: BranchRequest; response: GameStatus };
  /** Rounds, turns, phases and events, described. */
  timeline: { request: GameRequest; response: Timeline };
  /** A finished game's log file. */
  export: { request: GameRequest; response: LogText };
  /** A day's challenge (today's by default) and where the player stands with it. */
  daily: { request: DailyRequest; response: DailyStatus };
  /** Starts a day's challenge: its scored attempt the first time today, practice after. */
  start_daily: { request: DailyRequest; response: GameStatus };
  /** The replay code of a finished game, and the line to share it with. */
  replay_code: { request: GameRequest; response: SharedCode };
  /** A game's story: every faction's Prestige by round and the key moments. */
  story: { request: GameRequest; response: Story };
  /** The player's history: games played and won, best and recent scores, the streak. */
  stats: { request: Empty; response: Stats };
  /** Every finished game as one history file. */
  export_history: { request: Empty; response: HistoryText };
  /** The settings and where things are kept. */
  settings: { request: Empty; response: SettingsView };
  /** Keeps new settings; a new games folder takes the games along, at once. */
  save_settings: { request: Settings; response: SettingsView };
  /** The settings back to their defaults; games are not touched. */
  reset_settings: { request: Empty; response: SettingsView };
  /** Every finished game as one history file, also written into the games folder. */
  export_all_games: { request: Empty; response: ExportedGames };
  /** Verifies a stored game: versions, chain, end, and a full replay. */
  verify: { request: GameRequest; response: Verified };
  /** Replays a code (or a share line holding one) and checks its claim; stores nothing. */
  verify_code: { request: CodeText; response: VerifiedCode };
  /** Verifies a code and keeps its game, to watch on the timeline. */
  open_code: { request: CodeText; response: VerifiedCode };
  /** A text (a link, a share line) as a QR code for a phone's camera. */
  qr: { request: QrText; response: QrPicture };
  /** A day's board among friends (today's by default): the results pasted, best first. */
  board: { request: BoardRequest; response: Board };
  /** Pastes share lines onto a day's board, each verified, a bounded share per call. */
  board_paste: { request: BoardPaste; response: BoardPasted };
  /** Brings back a history file, a bounded share per call. */
  import_history: { request: ImportHistory; response: HistoryImported };
  /** Checks a log file without storing it. */
  verify_log: { request: LogText; response: Verified };
  /** Verifies a log file and stores it as a new game. */
  import: { request: LogText; response: Imported };
  /** Where Play on your phone stands: where the games are served, the devices paired. */
  phone: { request: Empty; response: PhoneStatus };
  /** A new pairing address for a phone (works once, for ten minutes), with its QR code. */
  phone_pairing: { request: Empty; response: Pairing };
  /** Revokes a paired device. */
  phone_revoke: { request: DeviceRequest; response: PhoneStatus };
};

/** A call's name. */
export type CallName = keyof Calls;

/** Every call, with where it runs. */
export const CALLS: Record<CallName, 'play' | 'check'> = {
  app_info: 'play',
  content: 'play',
  rules_reference: 'play',
  prestige_standing: 'play',
  list_games: 'play',
  create_game: 'play',
  create_game_paused: 'play',
  submit: 'play',
  act: 'play',
  bot_step: 'play',
  advance: 'play',
  archive_game: 'play',
  delete_game: 'play',
  status: 'play',
  close_game: 'play',
  view: 'play',
  legal: 'play',
  why_not: 'play',
  battle_preview: 'play',
  advice: 'play',
  analysis_round: 'play',
  strengths: 'play',
  undo: 'play',
  resign: 'play',
  state_at: 'play',
  branch: 'play',
  timeline: 'play',
  export: 'play',
  daily: 'play',
  start_daily: 'play',
  replay_code: 'play',
  story: 'play',
  stats: 'play',
  export_history: 'play',
  settings: 'play',
  save_settings: 'play',
  reset_settings: 'play',
  export_all_games: 'play',
  verify: 'check',
  verify_code: 'check',
  open_code: 'check',
  qr: 'play',
  board: 'play',
  board_paste: 'check',
  import_history: 'check',
  verify_log: 'check',
  import: 'check',
  phone: 'play',
  phone_pairing: 'play',
  phone_revoke: 'play',
};
