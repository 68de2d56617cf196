//! The one table of service calls: each call's name, the type of its request and of its
//! answer, where it runs (with play, or in the checking lane) and how large its request may
//! be. `warwick serve`'s routes, the app's one `call` command and the UI's typed `api.ts`
//! (through the generated `ui/src/bindings/calls.ts`) all come from it, so none of them can
//! leave a call out or call it with another shape: a request is read into the call's own type
//! (unknown fields refused) before the service sees it, and the answer is the service's own
//! type written out. Must not hold rule logic or HTTP/Tauri types.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::core::Service;
use super::error::{ServiceError, ServiceResult};
use super::work::Check;
use super::*;
use crate::content::Content;
use crate::help::{ClaimStanding, RulesReference};

/// The request of a call that takes nothing: `{}` (or no body).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct Empty {}

/// Where a call runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum Lane {
    /// With play: each call on a worker thread of its own, bounded by the call itself.
    Play,
    /// In the checking lane ([`Service::in_check_lane`]): one at a time, apart from play,
    /// busy when full, given up when the caller goes away.
    Check,
}

/// How large a call's request may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum Body {
    /// A small JSON object ([`CALL_BODY_LIMIT`]).
    Small,
    /// A whole log or history file ([`LOG_CALL_BODY_LIMIT`]).
    File,
}

/// The largest request of a call that carries no file.
pub const CALL_BODY_LIMIT: usize = 64 * 1024;

/// The largest request of a call that carries a whole log (`import`, `verify_log`): a log of
/// [`MAX_LOG_BYTES`] once JSON-escaped, which at most doubles it (a log's text is JSON lines,
/// so only its quotes, backslashes and line breaks are escaped, each as two bytes), plus room
/// for the rest of the request. A history file is smaller still.
pub const LOG_CALL_BODY_LIMIT: usize = 2 * MAX_LOG_BYTES + 64 * 1024;

/// One call of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CallSpec {
    /// Its name (`/api/<name>`, the app's `call` with this name).
    pub name: &'static str,
    /// What it does, in a line.
    pub doc: &'static str,
    /// Where it runs.
    pub lane: Lane,
    /// How large its request may be.
    pub body: Body,
    /// Whether it may also be read with GET (calls that only read what the build holds).
    pub get: bool,
    /// Whether only the computer itself may make it (pairing phones), never a paired phone.
    pub local: bool,
    /// The TypeScript name of its request type.
    pub request: String,
    /// The TypeScript name of its answer's type.
    pub response: String,
}

impl CallSpec {
    /// The largest request it takes, in bytes.
    pub fn body_limit(&self) -> usize {
        match self.body {
            Body::Small => CALL_BODY_LIMIT,
            Body::File => LOG_CALL_BODY_LIMIT,
        }
    }
}

/// Reads a request of type `T` (an empty body is `{}`).
fn read<T: for<'de> Deserialize<'de>>(json: &[u8]) -> ServiceResult<T> {
    let json: &[u8] = if json.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        json
    };
    serde_json::from_slice(json).map_err(|error| ServiceError::BadRequest(error.to_string()))
}

/// Writes an answer.
fn write<T: Serialize>(answer: &T) -> ServiceResult<Vec<u8>> {
    Ok(serde_json::to_vec(answer)?)
}

/// Declares the table: for each call its request and answer types, lane, body, whether GET
/// reads it, and the service method it runs (`$s` the service, `$r` the request, `$c` the
/// check it runs under).
macro_rules! service_calls {
    ($s:ident, $r:ident, $c:ident;
     $( $(#[doc = $doc:literal])* $name:ident($req:ty) -> $resp:ty, $lane:ident, $body:ident, $get:literal $(, $local:ident)? => $call:expr; )*) => {
        /// Every call, in the table's order.
        pub fn calls() -> Vec<CallSpec> {
            let cfg = ts_rs::Config::from_env();
            vec![$(
                CallSpec {
                    name: stringify!($name),
                    doc: concat!($($doc),*).trim_ascii(),
                    lane: Lane::$lane,
                    body: Body::$body,
                    get: $get,
                    local: false $(|| stringify!($local) == "local")?,
                    request: <$req as TS>::name(&cfg),
                    response: <$resp as TS>::name(&cfg),
                },
            )*]
        }

        /// Runs the call `name` on its JSON request, under `check` for a checking call, and
        /// gives its answer as JSON; an unknown name is an unknown request.
        pub fn dispatch(
            $s: &Service,
            name: &str,
            json: &[u8],
            $c: &Check,
        ) -> ServiceResult<Vec<u8>> {
            let _ = $c;
            match name {
                $(stringify!($name) => {
                    let $r: $req = read(json)?;
                    let _ = &$r;
                    let answer: ServiceResult<$resp> = $call;
                    write(&answer?)
                })*
                other => Err(ServiceError::UnknownRequest(format!("/api/{other}"))),
            }
        }

    };
}

service_calls! { s, r, c;
    /// Name, versions and a one-line summary of the content.
    app_info(Empty) -> AppInfo, Play, Small, true => Ok(s.app_info());
    /// The whole validated content: map, geometry, cards, tables, Event deck.
    content(Empty) -> Content, Play, Small, true => s.content().cloned();
    /// The rules help: reference sections, step and control help, the rule behind each refusal.
    rules_reference(Empty) -> RulesReference, Play, Small, true => s.rules_reference().cloned();
    /// Where a seat stands towards a Prestige Victory claim.
    prestige_standing(SeatRequest) -> ClaimStanding, Play, Small, false => s.prestige_standing(&r);
    /// Every stored game, newest first.
    list_games(Empty) -> Vec<GameSummary>, Play, Small, false => s.list_games();
    /// Creates a game and lets the bots act a bounded share.
    create_game(NewGame) -> GameStatus, Play, Small, false => s.create_game(&r);
    /// Creates a game without letting the bots act yet.
    create_game_paused(NewGame) -> GameStatus, Play, Small, false => s.create_game_paused(&r);
    /// A command, then the bots a bounded share.
    submit(Submit) -> Submitted, Play, Small, false => s.submit(&r);
    /// A person's command, without letting the bots act after it (their own decision's, or what
    /// they may do at any time while a bot is to move).
    act(Submit) -> Submitted, Play, Small, false => s.act(&r);
    /// Lets the awaited bot give one command.
    bot_step(StepRequest) -> Submitted, Play, Small, false => s.bot_step(&r);
    /// Lets the bots act, a bounded batch, until a person must decide.
    advance(StepRequest) -> Submitted, Play, Small, false => s.advance(&r);
    /// Archives a saved game out of the list (kept whole, and in the history) or brings it back.
    archive_game(ArchiveRequest) -> (), Play, Small, false => s.archive_game(&r);
    /// Deletes a whole saved game (never a day's scored attempt, nor a game a branch continues).
    delete_game(GameRequest) -> (), Play, Small, false => s.delete_game(r.game);
    /// Where a game stands.
    status(GameRequest) -> GameStatus, Play, Small, false => s.status(r.game);
    /// Closes a game the person has left (it reopens from its log).
    close_game(GameRequest) -> (), Play, Small, false => s.close_game(r.game);
    /// What a seat may see now.
    view(SeatRequest) -> GameView, Play, Small, false => s.view(&r);
    /// What a seat may do now, each with its description and whether it could be undone: its
    /// decision's commands, or while others decide what it may do at any time.
    legal(SeatRequest) -> LegalCommands, Play, Small, false => s.legal(&r);
    /// Whether the person's command would be taken now, and if not the rules' reason.
    why_not(WhyNotRequest) -> WhyNot, Play, Small, false => s.why_not(&r);
    /// A battle's or siege's odds as the rules weigh them: the attack under way, or one considered.
    battle_preview(PreviewRequest) -> BattlePreview, Play, Small, false => s.battle_preview(&r);
    /// What a Hard player would do in the person's seat now.
    advice(SeatRequest) -> Advice, Play, Small, false => s.advice(&r);
    /// One round of a finished game's analysis: each faction's chance of winning then.
    analysis_round(AnalysisRequest) -> RoundChances, Play, Small, false => s.analysis_round(&r);
    /// Every Noble's troop strength at a seq.
    strengths(AtSeq) -> BTreeMap<String, NobleStrength>, Play, Small, false => s.strengths(&r);
    /// Undoes the person's decisions back to a seq (the last one by default).
    undo(UndoRequest) -> GameStatus, Play, Small, false => s.undo(&r);
    /// Resigns the game for its person: it ends as their loss, with its score.
    resign(ResignRequest) -> GameStatus, Play, Small, false => s.resign(&r);
    /// The view of a seat (or a spectator) at any seq.
    state_at(AtSeq) -> StateAt, Play, Small, false => s.state_at(&r);
    /// A new game continuing from a seq of this one.
    branch(BranchRequest) -> GameStatus, Play, Small, false => s.branch(&r);
    /// Rounds, turns, phases and events, described.
    timeline(GameRequest) -> Timeline, Play, Small, false => s.timeline(r.game);
    /// A finished game's log file.
    export(GameRequest) -> LogText, Play, Small, false => s.export(r.game);
    /// A day's challenge (today's by default) and where the player stands with it.
    daily(DailyRequest) -> DailyStatus, Play, Small, false => s.daily(&r);
    /// Starts a day's challenge: its scored attempt the first time today, practice after.
    start_daily(DailyRequest) -> GameStatus, Play, Small, false => s.start_daily(&r);
    /// The replay code of a finished game, and the line to share it with.
    replay_code(GameRequest) -> SharedCode, Play, Small, false => s.replay_code(&r);
    /// A game's story: every faction's Prestige by round and the key moments.
    story(GameRequest) -> Story, Play, Small, false => s.story(&r);
    /// The player's history: games played and won, best and recent scores, the streak.
    stats(Empty) -> Stats, Play, Small, false => s.stats();
    /// Every finished game as one history file.
    export_history(Empty) -> HistoryText, Play, Small, false => s.export_history();
    /// The settings and where things are kept.
    settings(Empty) -> SettingsView, Play, Small, false => s.settings();
    /// Keeps new settings; a new games folder takes the games along, at once.
    save_settings(Settings) -> SettingsView, Play, Small, false => s.save_settings(&r);
    /// The settings back to their defaults; games are not touched.
    reset_settings(Empty) -> SettingsView, Play, Small, false => s.reset_settings();
    /// Every finished game as one history file, also written into the games folder.
    export_all_games(Empty) -> ExportedGames, Play, Small, false => s.export_all_games();
    /// Verifies a stored game: versions, chain, end, and a full replay.
    verify(GameRequest) -> Verified, Check, Small, false => s.verify_with(r.game, c);
    /// Replays a code (or a share line holding one) and checks its claim; stores nothing.
    verify_code(CodeText) -> VerifiedCode, Check, Small, false => s.verify_code_with(&r, c);
    /// Verifies a code and keeps its game, to watch on the timeline.
    open_code(CodeText) -> VerifiedCode, Check, Small, false => s.open_code_with(&r, c);
    /// A text (a link, a share line) as a QR code for a phone's camera.
    qr(QrText) -> QrPicture, Play, Small, false => s.qr(&r);
    /// A day's board among friends (today's by default): the results pasted, best first.
    board(BoardRequest) -> Board, Play, Small, false => s.board(&r);
    /// Pastes share lines onto a day's board, each verified, a bounded share per call.
    board_paste(BoardPaste) -> BoardPasted, Check, File, false => s.board_paste_with(&r, c);
    /// Brings back a history file, a bounded share per call.
    import_history(ImportHistory) -> HistoryImported, Check, File, false => s.import_history_with(&r, c);
    /// Checks a log file without storing it.
    verify_log(LogText) -> Verified, Check, File, false => s.verify_log_with(&r.text, c);
    /// Verifies a log file and stores it as a new game.
    import(LogText) -> Imported, Check, File, false => s.import_with(&r.text, c);
    /// Where Play on your phone stands: where the games are served, the devices paired.
    phone(Empty) -> PhoneStatus, Play, Small, false, local => s.phone();
    /// A new pairing address for a phone (works once, for ten minutes), with its QR code.
    phone_pairing(Empty) -> Pairing, Play, Small, false, local => s.phone_pairing();
    /// Revokes a paired device.
    phone_revoke(DeviceRequest) -> PhoneStatus, Play, Small, false, local => s.phone_revoke(&r);
}

/// The call `name` of the table, if there is one.
pub fn call_spec(name: &str) -> Option<CallSpec> {
    calls().into_iter().find(|c| c.name == name)
}

/// The TypeScript of the table (`ui/src/bindings/calls.ts`): a `Calls` type naming each call's
/// request and answer, and the list of names with their lanes.
pub fn calls_typescript() -> String {
    // The bindings' types named in each request and answer (`Array<GameSummary>` names
    // `GameSummary`), each exported to a file of its own name.
    let mut imports = std::collections::BTreeSet::new();
    for call in calls() {
        for name in [&call.request, &call.response] {
            for word in name.split(|c: char| !c.is_ascii_alphanumeric() && c != '_') {
                if word.starts_with(|c: char| c.is_ascii_uppercase())
                    && !["Array", "Record", "Partial"].contains(&word)
                {
                    imports.insert(word.to_owned());
                }
            }
        }
    }
    let mut out = String::from(
        "// Generated from src/service/calls.rs by `cargo test` (the one table of service calls).\n\
         // Do not edit: change the table.\n",
    );
    for name in &imports {
        out.push_str(&format!("import type {{ {name} }} from \"./{name}\";\n"));
    }
    out.push_str(
        "\n/** Every service call: its request and its answer. */\nexport type Calls = {\n",
    );
    for call in calls() {
        out.push_str(&format!(
            "  /** {} */\n  {}: {{ request: {}; response: {} }};\n",
            call.doc, call.name, call.request, call.response
        ));
    }
    out.push_str("};\n\n/** A call's name. */\nexport type CallName = keyof Calls;\n\n");
    out.push_str("/** Every call, with where it runs. */\nexport const CALLS: Record<CallName, 'play' | 'check'> = {\n");
    for call in calls() {
        let lane = match call.lane {
            Lane::Play => "play",
            Lane::Check => "check",
        };
        out.push_str(&format!("  {}: '{lane}',\n", call.name));
    }
    out.push_str("};\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_typescript_of_the_table_is_written_where_the_ui_reads_it() {
        let cfg = ts_rs::Config::from_env();
        let path = cfg.out_dir().join("calls.ts");
        let text = calls_typescript();
        // Written as the bindings are; CI fails when the committed file differs.
        std::fs::write(&path, &text).expect("write calls.ts");
        assert!(text.contains("verify_code: { request: CodeText; response: VerifiedCode }"));
    }

    #[test]
    fn every_call_of_the_table_is_dispatched_and_names_are_unique() {
        let service = Service::new();
        let mut seen = std::collections::BTreeSet::new();
        for call in calls() {
            assert!(seen.insert(call.name), "{} twice", call.name);
            // A request of another shape is refused by the call's own type, never run.
            let error = dispatch(
                &service,
                call.name,
                br#"{"no_such_field":1}"#,
                &Check::default(),
            )
            .unwrap_err();
            assert!(
                matches!(error, ServiceError::BadRequest(_)),
                "{}: {error}",
                call.name
            );
        }
        assert!(matches!(
            dispatch(&service, "no_such_call", b"{}", &Check::default()),
            Err(ServiceError::UnknownRequest(_))
        ));
        let info = dispatch(&service, "app_info", b"", &Check::default()).unwrap();
        let info: AppInfo = serde_json::from_slice(&info).unwrap();
        assert_eq!(info.name, "Warwick");
    }
}
