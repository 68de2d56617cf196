//! Diagnostics for the Hard bot (a developer tool, not shipped): `search` logs each Hard decision of Hard vs
//! Normal games; `value` measures how well the position value predicts the final result in
//! Normal self-play; `fit` fits the weights of `bots::hard::value` (a multinomial logit over
//! the factions) to Normal self-play results. Usage: `hard_diag MODE PLAYERS GAMES SEED`.

use std::collections::BTreeMap;
use std::time::Instant;

use rand_xoshiro::Xoshiro256PlusPlus;
use warwick::bots::{Bot, BotKind, Decision, NormalBot, Table, make_bot, position_value};
use warwick::content::Content;
use warwick::rules::state::Pending;
use warwick::rules::{FactionIdx, Setup};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// This thread's CPU time so far, in ms (the first field of schedstat, in ns).
fn cpu_ms() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| {
            s.split_whitespace()
                .next()
                .and_then(|v| v.parse::<f64>().ok())
        })
        .map_or(0.0, |ns| ns / 1e6)
}

thread_local! {
    static CPU: std::cell::RefCell<Vec<f64>> = const { std::cell::RefCell::new(Vec::new()) };
}

struct Spy {
    inner: NormalBot,
    log: std::rc::Rc<std::cell::RefCell<Vec<String>>>,
}

fn kind(d: &Decision<'_>) -> String {
    match &d.view.pending {
        Some(p) => match p {
            Pending::Offer(o) => format!("offer:{:?}", std::mem::discriminant(&o.terms))
                .chars()
                .take(12)
                .collect(),
            Pending::Attack(a) if a.window.is_none() => "attack-assemble".into(),
            Pending::Attack(_) => "attack-window".into(),
            Pending::EventReaction { .. } => "event-reaction".into(),
            Pending::Parliament { .. } => "parliament".into(),
            Pending::ChanceryAwards { .. } => "chancery".into(),
            Pending::Politicking { .. } => "politicking".into(),
            other => format!("{other:?}").chars().take(14).collect(),
        },
        None => format!("{:?}", d.view.clock.phase),
    }
}

impl Bot for Spy {
    fn kind(&self) -> BotKind {
        BotKind::Hard
    }
    fn choose(
        &mut self,
        decision: &Decision<'_>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> warwick::rules::Command {
        let t = Instant::now();
        let c0 = cpu_ms();
        let c = self.inner.choose(decision, rng);
        CPU.with(|v| v.borrow_mut().push(cpu_ms() - c0));
        let ms = t.elapsed().as_secs_f64() * 1e3;
        if self.inner.searched().is_none() && std::env::var("DIAG_UNSEARCHED").is_ok() {
            let n = decision.legal.all().len();
            if n > 1 {
                let mut kinds: BTreeMap<&str, u32> = BTreeMap::new();
                for l in decision.legal.all() {
                    *kinds.entry(l.kind()).or_default() += 1;
                }
                self.log.borrow_mut().push(format!(
                    "r{} U:{} legal={} cmd={} kinds={:?}",
                    decision.view.clock.round,
                    kind(decision),
                    n,
                    c.kind(),
                    kinds
                ));
            }
        }
        if let Some(s) = self.inner.searched() {
            let means: Vec<String> = s.means.iter().map(|m| format!("{m:.3}")).collect();
            self.log.borrow_mut().push(format!(
                "r{} {} n={} idx={} ms={:.0} means=[{}] cmd={}",
                decision.view.clock.round,
                kind(decision),
                s.candidates,
                s.index,
                ms,
                means.join(","),
                c.kind()
            ));
        }
        c
    }
}

fn search(players: u8, games: u32, seed: u64) {
    let content = Content::embedded().expect("content");
    let mut hard_wins = 0;
    for g in 0..games {
        let log = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let hard_seat = (g % u32::from(players)) as FactionIdx;
        let mut setup = Setup::new(players, seed + u64::from(g));
        setup.time_limit_rounds = Some(30);
        let bots: Vec<Box<dyn Bot>> = (0..players)
            .map(|i| {
                if i == hard_seat {
                    Box::new(Spy {
                        inner: NormalBot::hard(i),
                        log: log.clone(),
                    }) as Box<dyn Bot>
                } else {
                    make_bot(BotKind::Normal, i)
                }
            })
            .collect();
        let mut table = Table::new(&content, &setup, bots).expect("table");
        let mut decisions = 0u32;
        while table.commands < 200_000 {
            let Some(turn) = table.next().expect("next") else {
                break;
            };
            if turn.faction == hard_seat {
                decisions += 1;
            }
            let c = table.choose(&turn).expect("choose");
            table.apply(&turn, &c).expect("apply");
        }
        let won = table
            .outcome()
            .is_some_and(|o| o.winners.contains(&hard_seat));
        hard_wins += u32::from(won);
        let log = log.borrow();
        let mut kinds: BTreeMap<String, (u32, u32)> = BTreeMap::new();
        for line in log.iter() {
            let k = line.split(' ').nth(1).unwrap_or("").to_owned();
            let e = kinds.entry(k).or_default();
            e.0 += 1;
            if !line.contains("idx=0") {
                e.1 += 1;
            }
        }
        println!(
            "game {g} seat {hard_seat} won={won} rounds={} hard decisions={decisions} searched={} outcome={:?}",
            table.state().clock.round,
            log.len(),
            table.outcome().map(|o| &o.kind)
        );
        println!("  searched by kind (count, differs from Normal): {kinds:?}");
        if std::env::var("DIAG_VERBOSE").is_ok() {
            for line in log.iter() {
                println!("    {line}");
            }
        }
    }
    println!("hard won {hard_wins}/{games}");
    CPU.with(|v| {
        let mut v = v.borrow().clone();
        v.sort_by(f64::total_cmp);
        let at = |q: f64| {
            v.get(((v.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        println!(
            "hard decision CPU ms: n={} p50={:.3} p90={:.1} p99={:.1} max={:.1}",
            v.len(),
            at(0.5),
            at(0.9),
            at(0.99),
            at(1.0)
        );
    });
}

/// Normal self-play: the value of each seat at the start of each round against the result.
fn value(players: u8, games: u32, seed: u64) {
    let content = Content::embedded().expect("content");
    // by rounds-to-end bucket: (n, brier value, brier uniform, loglik)
    let mut by_left: BTreeMap<u32, (f64, f64, f64)> = BTreeMap::new();
    let mut by_round: BTreeMap<u32, (f64, f64, f64)> = BTreeMap::new();
    for g in 0..games {
        let mut setup = Setup::new(players, seed + u64::from(g));
        setup.time_limit_rounds = Some(30);
        let bots: Vec<Box<dyn Bot>> = (0..players).map(|i| make_bot(BotKind::Normal, i)).collect();
        let mut table = Table::new(&content, &setup, bots).expect("table");
        let mut snaps: Vec<(u32, Vec<f64>)> = Vec::new();
        let mut round = 0;
        while table.step().expect("step") {
            let r = table.state().clock.round;
            if r != round && table.state().outcome.is_none() {
                round = r;
                let vals = (0..players)
                    .map(|s| position_value(&content, table.state(), s))
                    .collect();
                snaps.push((r, vals));
            }
        }
        let Some(outcome) = table.outcome() else {
            continue;
        };
        let end = table.state().clock.round;
        for (r, vals) in snaps {
            for (s, v) in vals.iter().enumerate() {
                let y = if outcome.winners.contains(&(s as FactionIdx)) {
                    1.0
                } else {
                    0.0
                };
                let u = 1.0 / f64::from(players);
                for (map, key) in [(&mut by_left, end - r), (&mut by_round, r)] {
                    let e = map.entry(key).or_default();
                    e.0 += 1.0;
                    e.1 += (v - y) * (v - y);
                    e.2 += (u - y) * (u - y);
                }
            }
        }
    }
    println!("rounds before end: n, brier(value), brier(uniform)");
    for (k, (n, b, u)) in &by_left {
        println!("  {k:2}: {n:5} {:.3} {:.3}", b / n, u / n);
    }
    println!("round: n, brier(value), brier(uniform)");
    for (k, (n, b, u)) in &by_round {
        println!("  {k:2}: {n:5} {:.3} {:.3}", b / n, u / n);
    }
}

const NF: usize = 9;

fn features(content: &Content, state: &warwick::rules::State, seat: FactionIdx) -> [f64; NF] {
    use warwick::rules::state::RoyalPlace;
    let mut f = [0.0; NF];
    f[0] = f64::from(warwick::rules::prestige(content, state, seat));
    for royal in state.royals.values() {
        if let RoyalPlace::With { noble } = &royal.place
            && state.nobles.get(noble).is_some_and(|n| n.faction == seat)
        {
            f[1] += 1.0;
            if royal.crowned {
                f[2] += 1.0;
            }
        }
    }
    for (id, n) in state.nobles.iter() {
        if n.faction == seat {
            f[3] += 1.0;
            f[6] += f64::from(warwick::rules::strength(content, state, id)) / 10.0;
        }
    }
    f[4] = state
        .factions
        .get(usize::from(seat))
        .map_or(0.0, |x| x.hand.len() as f64);
    f[5] = state
        .control
        .values()
        .filter(|c| c.faction == Some(seat))
        .count() as f64;
    f[7] = f64::from(u8::from(
        state
            .prestige_claim
            .as_ref()
            .is_some_and(|c| c.factions.contains(&seat)),
    ));
    f[8] = f[0] * f64::from(state.clock.round) / 10.0;
    f
}

/// Snapshots: features of each seat, the win share of each seat.
type Snap = (Vec<[f64; NF]>, Vec<f64>, Vec<f64>);

fn fit(players: u8, games: u32, seed: u64) {
    let content = Content::embedded().expect("content");
    let mut snaps: Vec<(u32, Snap)> = Vec::new();
    for g in 0..games {
        let mut setup = Setup::new(players, seed + u64::from(g));
        setup.time_limit_rounds = Some(30);
        let bots: Vec<Box<dyn Bot>> = (0..players).map(|i| make_bot(BotKind::Normal, i)).collect();
        let mut table = Table::new(&content, &setup, bots).expect("table");
        let mut mine: Vec<(Vec<[f64; NF]>, Vec<f64>)> = Vec::new();
        let mut round = 0;
        while table.step().expect("step") {
            let r = table.state().clock.round;
            if r != round && table.state().outcome.is_none() {
                round = r;
                mine.push((
                    (0..players)
                        .map(|s| features(&content, table.state(), s))
                        .collect(),
                    (0..players)
                        .map(|s| position_value(&content, table.state(), s))
                        .collect(),
                ));
            }
        }
        let Some(o) = table.outcome() else { continue };
        if o.winners.is_empty() {
            continue;
        }
        let y: Vec<f64> = (0..players)
            .map(|s| {
                if o.winners.contains(&s) {
                    1.0 / o.winners.len() as f64
                } else {
                    0.0
                }
            })
            .collect();
        for (x, v) in mine {
            snaps.push((g, (x, y.clone(), v)));
        }
    }
    // Standardise.
    let mut mean = [0.0; NF];
    let mut sd = [0.0; NF];
    let mut n = 0.0;
    for (_, (x, _, _)) in &snaps {
        for f in x {
            n += 1.0;
            for k in 0..NF {
                mean[k] += f[k];
            }
        }
    }
    for m in &mut mean {
        *m /= n;
    }
    for (_, (x, _, _)) in &snaps {
        for f in x {
            for k in 0..NF {
                sd[k] += (f[k] - mean[k]).powi(2);
            }
        }
    }
    for s in &mut sd {
        *s = (*s / n).sqrt().max(1e-9);
    }
    for (_, (x, _, _)) in &mut snaps {
        for f in x.iter_mut() {
            for k in 0..NF {
                f[k] = (f[k] - mean[k]) / sd[k];
            }
        }
    }
    let train: Vec<&Snap> = snaps
        .iter()
        .filter(|(g, _)| g % 2 == 0)
        .map(|(_, s)| s)
        .collect();
    let test: Vec<&Snap> = snaps
        .iter()
        .filter(|(g, _)| g % 2 == 1)
        .map(|(_, s)| s)
        .collect();
    let probs = |w: &[f64; NF], x: &[[f64; NF]]| -> Vec<f64> {
        let z: Vec<f64> = x
            .iter()
            .map(|f| (0..NF).map(|k| w[k] * f[k]).sum())
            .collect();
        let top = z.iter().cloned().fold(f64::MIN, f64::max);
        let e: Vec<f64> = z.iter().map(|v| (v - top).exp()).collect();
        let t: f64 = e.iter().sum();
        e.iter().map(|v| v / t).collect()
    };
    let mut w = [0.0; NF];
    for _ in 0..3000 {
        let mut grad = [0.0; NF];
        for (x, y, _) in &train {
            let p = probs(&w, x);
            for (i, f) in x.iter().enumerate() {
                for k in 0..NF {
                    grad[k] += (y[i] - p[i]) * f[k];
                }
            }
        }
        for k in 0..NF {
            w[k] += 0.3 * grad[k] / train.len() as f64 - 1e-4 * w[k];
        }
    }
    let ll = |set: &[&Snap], which: u8| -> (f64, f64) {
        let mut l = 0.0;
        let mut right = 0.0;
        for (x, y, v) in set {
            let p = match which {
                0 => probs(&w, x),
                1 => v.clone(),
                _ => vec![1.0 / x.len() as f64; x.len()],
            };
            for i in 0..x.len() {
                l -= y[i] * p[i].max(1e-6).ln();
            }
            let best = (0..x.len())
                .max_by(|a, b| p[*a].total_cmp(&p[*b]))
                .unwrap_or(0);
            right += y[best];
        }
        (l / set.len() as f64, right / set.len() as f64)
    };
    println!("snapshots train {} test {}", train.len(), test.len());
    println!(
        "test logloss/top-right fitted {:?} current {:?} uniform {:?}",
        ll(&test, 0),
        ll(&test, 1),
        ll(&test, 2)
    );
    let raw: Vec<String> = (0..NF).map(|k| format!("{:.4}", w[k] / sd[k])).collect();
    println!("weights per raw unit: [{}]", raw.join(", "));
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("search", String::as_str);
    let players: u8 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    let games: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2);
    let seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    match mode {
        "value" => value(players, games, seed),
        "fit" => fit(players, games, seed),
        _ => search(players, games, seed),
    }
}
