//! Plain-English descriptions of commands and events, naming places, Nobles and cards.

use crate::content::events::EventType;
use crate::content::{
    AreaId, CityCardId, Content, CrownCardId, EventCardId, LocationId, MajorCardId, NobleId,
    RoyalId, SeaZoneId,
};
use crate::rules::FactionIdx;
use crate::rules::command::{Command, MoveKind, ShipDestination};
use crate::rules::event::{CardDestination, CombatOutcome, DeathCause, Event};
use crate::rules::state::{AttackTarget, Place, RoyalPlace, ShipPlace, State, VictoryKind};

/// Looks up the names players read for the ids in commands, events and errors.
pub(super) struct Names<'a> {
    pub(super) content: &'a Content,
    pub(super) state: &'a State,
}

impl Names<'_> {
    pub(super) fn faction(&self, f: FactionIdx) -> String {
        self.state.factions.get(usize::from(f)).map_or_else(
            || format!("faction {f}"),
            |x| {
                format!(
                    "{} ({})",
                    crate::rules::faction_name(self.content, self.state, f),
                    crate::rules::colour_word(&x.colour)
                )
            },
        )
    }
    pub(super) fn noble(&self, n: &NobleId) -> String {
        self.content
            .cards
            .noble_card(n.as_str())
            .map_or_else(|| n.to_string(), |c| c.name.clone())
    }
    pub(super) fn card(&self, c: &CrownCardId) -> String {
        if let Some(x) = self.content.cards.card(c.as_str()) {
            return x.name.clone();
        }
        // A City card, named by its key where cards move (20.04).
        self.content.cards.city_card(c.as_str()).map_or_else(
            || c.to_string(),
            |city| format!("the {} City card", city.name),
        )
    }
    fn event_card(&self, c: &EventCardId) -> String {
        self.content.events.card(c).map_or_else(
            || c.to_string(),
            |x| format!("{} ({})", x.name, event_type_words(x.event_type())),
        )
    }
    pub(super) fn location(&self, l: &LocationId) -> String {
        self.content
            .map
            .location(l)
            .map_or_else(|| l.to_string(), |x| x.name.clone())
    }
    pub(super) fn area(&self, a: &AreaId) -> String {
        self.content
            .map
            .area(a)
            .map_or_else(|| a.to_string(), |x| x.name.clone())
    }
    pub(super) fn royal(&self, r: &RoyalId) -> String {
        self.content
            .cards
            .royal(r.as_str())
            .map_or_else(|| r.to_string(), |x| x.name.clone())
    }
    pub(super) fn ship(&self, s: &str) -> String {
        self.content
            .cards
            .ship(s)
            .map_or_else(|| s.to_owned(), |x| x.name.clone())
    }
    fn sea(&self, z: &SeaZoneId) -> String {
        self.content
            .map
            .sea_zone(z)
            .map_or_else(|| z.to_string(), |x| x.name.clone())
    }
    fn city(&self, c: &CityCardId) -> String {
        self.content
            .cards
            .city_card(c.as_str())
            .map_or_else(|| c.to_string(), |x| x.name.clone())
    }
    fn major(&self, c: &MajorCardId) -> String {
        self.content
            .cards
            .major_cards
            .iter()
            .find(|x| &x.id == c)
            .map_or_else(|| c.to_string(), |x| x.name.clone())
    }
    /// A piece a Free Move was spent on: a Noble or a ship.
    fn piece(&self, piece: &str) -> String {
        if let Some(s) = self.content.cards.ship(piece) {
            return format!("the ship {}", s.name);
        }
        // A piece no id has is named as written, and not added to the ids' table.
        NobleId::existing(piece).map_or_else(|| piece.to_owned(), |noble| self.noble(&noble))
    }
    pub(super) fn place(&self, p: &Place) -> String {
        match p {
            Place::Field { area } => format!("the open field of {}", self.area(area)),
            Place::Inside { location } => format!("inside {}", self.location(location)),
            Place::Aboard { ship } => format!("aboard {}", self.ship(ship)),
            Place::Captive { captor, .. } => format!("captive of {}", self.faction(*captor)),
        }
    }
    pub(super) fn ship_place(&self, p: &ShipPlace) -> String {
        match p {
            ShipPlace::Port { location } => format!("port at {}", self.location(location)),
            ShipPlace::Sea { zone } => format!("the sea Area {}", self.sea(zone)),
        }
    }
    pub(super) fn cards(&self, cards: &[CrownCardId]) -> String {
        if cards.is_empty() {
            return "nothing".to_owned();
        }
        cards
            .iter()
            .map(|c| self.card(c))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Describes a command in plain English.
pub fn describe_command(content: &Content, state: &State, command: &Command) -> String {
    let n = Names { content, state };
    match command {
        Command::EndStep => format!("End the {} step", state.clock.phase.name()),
        Command::Pass => "Pass".to_owned(),
        Command::DrawEventCard => "Draw the Event card".to_owned(),
        Command::PlayNoble { card } => format!("Bring {} into play", n.card(card)),
        Command::AwardCard { card, noble } => {
            format!("Award {} to {}", n.card(card), n.noble(noble))
        }
        Command::MoveNoble {
            noble,
            kind,
            to,
            free,
        } => {
            let how = match kind {
                MoveKind::Regional => "by Regional move",
                MoveKind::Road => "by road",
                MoveKind::Local => "within the Area",
            };
            let dest = match &to.inside {
                Some(l) => format!("into {}", n.location(l)),
                None => format!("to the open field of {}", n.area(&to.area)),
            };
            format!(
                "Move {} {dest} {how}{}",
                n.noble(noble),
                if *free { " using a Free Move" } else { "" }
            )
        }
        Command::Board { noble, ship, free } => format!(
            "Put {} aboard {}{}",
            n.noble(noble),
            n.ship(ship),
            if *free {
                ", the ship using a Free Move"
            } else {
                ""
            }
        ),
        Command::RequestShipLoan { ship } => {
            format!("Ask to borrow {} for one voyage", n.ship(ship))
        }
        Command::ChooseStormPort { port } => {
            format!("Run before the storm into {}", n.location(port))
        }
        Command::Accompany { noble } => format!("Send {} with the King", n.noble(noble)),
        Command::LandInside { noble, location } => {
            format!("Land {} inside {}", n.noble(noble), n.location(location))
        }
        Command::Sail { ship, to, free } => {
            let dest = match to {
                ShipDestination::Port { location } => {
                    format!("into port at {}", n.location(location))
                }
                ShipDestination::Sea { zone } => format!("out to the sea Area {}", n.sea(zone)),
            };
            format!(
                "Sail {} {dest}{}",
                n.ship(ship),
                if *free { " using a Free Move" } else { "" }
            )
        }
        Command::RequestPassage { noble, through, to } => {
            format!(
                "Ask to let {} pass through {} to {}",
                n.noble(noble),
                n.location(through),
                n.area(to)
            )
        }
        Command::StartAttack { area, target } => match target {
            AttackTarget::Field { faction } => format!(
                "Attack {}'s Nobles in {}",
                n.faction(*faction),
                n.area(area)
            ),
            AttackTarget::Location { location } => format!("Besiege {}", n.location(location)),
        },
        Command::CommitAttacker { noble } => format!("Commit {} to the attack", n.noble(noble)),
        Command::LaunchAttack => "Launch the attack".to_owned(),
        Command::CallOffAttack => "Call off the attack".to_owned(),
        Command::EnterConquered { noble } => {
            format!("Put {} inside the place just taken", n.noble(noble))
        }
        Command::ProposeForce { commander, members } => format!(
            "Offer to form an allied Force of {} under {}",
            members
                .iter()
                .map(|m| n.noble(m))
                .collect::<Vec<_>>()
                .join(", "),
            n.noble(commander)
        ),
        Command::ExecuteRoyal { royal } => format!("Execute {}", n.royal(royal)),
        Command::ReallocateRoyal { royal, noble } => {
            format!("Hand {} over to {}", n.royal(royal), n.noble(noble))
        }
        Command::ExecuteCaptive { noble } => format!("Execute the captive {}", n.noble(noble)),
        Command::OfferRansom { noble, cards } => {
            format!("Offer {} to ransom {}", n.cards(cards), n.noble(noble))
        }
        Command::OfferGift { to, cards } => {
            format!("Offer {} to {}", n.cards(cards), n.faction(*to))
        }
        Command::ProposeAlliance { to } => format!("Propose an Alliance to {}", n.faction(*to)),
        Command::LeaveAlliance => "Leave the Alliance".to_owned(),
        Command::AcceptOffer => "Accept the offer".to_owned(),
        Command::ChooseRaidLine { line } => {
            format!("Answer line {} of the Raid or Revolt", line + 1)
        }
        Command::ChooseVictim { noble } => {
            format!("Choose {} as the Noble who dies", n.noble(noble))
        }
        Command::RejectOffer => "Refuse the offer".to_owned(),
        Command::SummonParliament { area, summoned } => match summoned {
            Some(s) => format!(
                "Summon Parliament in {}, calling {}",
                n.area(area),
                n.noble(s)
            ),
            None => format!("Summon Parliament in {}", n.area(area)),
        },
        Command::SendToParliament { noble } => format!("Send {} to Parliament", n.noble(noble)),
        Command::AwardChanceryCard { card, noble } => {
            format!("Award {} from Chancery to {}", n.card(card), n.noble(noble))
        }
        Command::DiscardChanceryCard { card } => {
            format!("Discard {}: no Noble can take it", n.card(card))
        }
        Command::Crown { royal } => format!("Crown {}", n.royal(royal)),
        Command::ClaimPrestigeVictory => "Claim the Prestige Victory card".to_owned(),
        Command::LeaveFortification { noble } => {
            format!("Bring {} out to the open field", n.noble(noble))
        }
        Command::DiscardCrownCard { card } => format!("Discard {}", n.card(card)),
        Command::OfferRansomKeeping {
            noble,
            cards,
            keep,
            gain,
        } => format!(
            "Offer {} to ransom {}, who keeps {} and gains {}",
            n.cards(cards),
            n.noble(noble),
            n.cards(keep),
            n.cards(gain)
        ),
        Command::TransferCard { card, from, to } => format!(
            "Pass {} from {} to {}",
            n.card(card),
            n.noble(from),
            n.noble(to)
        ),
        Command::ExchangeCards {
            give,
            from,
            take,
            to,
        } => format!(
            "Swap {} of {} for {} of {}",
            n.card(give),
            n.noble(from),
            n.card(take),
            n.noble(to)
        ),
        Command::ReplaceBishop { card, noble } => format!(
            "Give {} to {} in place of its Bishop, which is discarded",
            n.card(card),
            n.noble(noble)
        ),
        Command::HandOverPlace { location, to } => format!(
            "Offer control of {} to {}",
            n.location(location),
            n.faction(*to)
        ),
        Command::HandOverShip { ship, to } => {
            format!("Offer the ship {} to {}", n.ship(ship), n.faction(*to))
        }
        Command::OfferTrade { to, give, take } => format!(
            "Offer {} to {} for {}",
            n.cards(give),
            n.faction(*to),
            n.cards(take)
        ),
        Command::RevealCards { to, cards } => {
            format!("Show {} to {}", n.cards(cards), n.faction(*to))
        }
        Command::ProposeAllianceExecuting { to, house } => format!(
            "Propose an Alliance to {}, putting to death the Royals of {}",
            n.faction(*to),
            match house {
                crate::content::cards::House::Lancaster => "Lancaster",
                crate::content::cards::House::York => "York",
            }
        ),
        Command::MoveOffice { card, from, to } => format!(
            "Move {} from {} to {} at Parliament",
            n.card(card),
            n.noble(from),
            n.noble(to)
        ),
        Command::AttendInside { noble, location } => format!(
            "Send {} to Parliament inside {}",
            n.noble(noble),
            n.location(location)
        ),
    }
}

/// Describes an event in plain English, given the state before it.
pub fn describe_event(content: &Content, state_before: &State, event: &Event) -> String {
    let n = Names {
        content,
        state: state_before,
    };
    let dest = |d: &CardDestination| match d {
        CardDestination::Discard => "the Crown discard".to_owned(),
        CardDestination::Chancery => "Chancery".to_owned(),
        CardDestination::Noble { noble } => n.noble(noble),
        CardDestination::Hand { faction } => format!("{}'s hand", n.faction(*faction)),
    };
    match event {
        Event::GameStarted { schema, rules } => {
            format!("A game of Kingmaker II began (rules {rules}, events {schema})")
        }
        Event::FactionCardDealt { faction, name, .. } => {
            format!("{} was dealt {name}", n.faction(*faction))
        }
        Event::CardsDealt { faction, cards } => {
            format!("{} was dealt {} cards", n.faction(*faction), cards.len())
        }
        Event::CrownDeckShuffled { order } => {
            format!("The Crown deck was shuffled ({} cards)", order.len())
        }
        Event::EventDeckShuffled { order, removed } => format!(
            "The Event deck was built ({} cards, {} set aside)",
            order.len(),
            removed.len()
        ),
        Event::FreeMoveDealt { faction, .. } => {
            format!("{} received a Free Move card", n.faction(*faction))
        }
        Event::ClamoursSetAside { .. } => {
            "The Clamour for Parliament cards were set aside".to_owned()
        }
        Event::TurnOrderSet { order } => format!(
            "{} is the start player",
            order.first().map_or_else(String::new, |f| n.faction(*f))
        ),
        Event::NobleEntered {
            faction,
            noble,
            place,
            ..
        } => format!(
            "{} brought {} into play, {}",
            n.faction(*faction),
            n.noble(noble),
            n.place(place)
        ),
        Event::CardAwarded { noble, card, .. } => {
            format!("{} was awarded {}", n.noble(noble), n.card(card))
        }
        Event::CardRemoved { noble, card, to } => {
            format!("{} lost {} to {}", n.noble(noble), n.card(card), dest(to))
        }
        Event::HandCardRemoved { faction, card, to } => format!(
            "{} put {} to {}",
            n.faction(*faction),
            n.card(card),
            dest(to)
        ),
        Event::CrownCardsDrawn { faction, cards } => {
            format!("{} drew {} Crown card(s)", n.faction(*faction), cards.len())
        }
        Event::CrownCardRevealed { card, to } => format!("{} went to {}", n.card(card), dest(to)),
        Event::ChanceryDrawn { cards } => {
            format!("Parliament drew {} from Chancery", n.cards(cards))
        }
        Event::CityCardAwarded { noble, city } => {
            format!("{} took the City card of {}", n.noble(noble), n.city(city))
        }
        Event::CityCardReturned { noble, city } => {
            format!(
                "{} gave up the City card of {}",
                n.noble(noble),
                n.city(city)
            )
        }
        Event::MajorCardAwarded { noble, card } => {
            format!("{} won the Major card {}", n.noble(noble), n.major(card))
        }
        Event::MajorCardReturned { noble, card } => format!(
            "The Major card {} of {} went back to the board",
            n.major(card),
            n.noble(noble)
        ),
        Event::ControlChanged {
            location,
            controller,
        } => match controller.as_ref().and_then(|c| c.faction) {
            Some(f) => format!("{} now controls {}", n.faction(f), n.location(location)),
            None if controller.is_some() => {
                format!("{} is held by the non-player Faction", n.location(location))
            }
            None => format!("{} became neutral", n.location(location)),
        },
        Event::ShipPlaced { ship, place, .. } => match place {
            Some(p) => format!(
                "The ship {} was placed in {}",
                n.ship(ship),
                n.ship_place(p)
            ),
            None => format!("The ship {} left play", n.ship(ship)),
        },
        Event::RoyalMoved { royal } => format!("{} has made its move this round", n.royal(royal)),
        Event::RoyalPlaced { royal, place } => match place {
            RoyalPlace::With { noble } => {
                format!("{} is now with {}", n.royal(royal), n.noble(noble))
            }
            RoyalPlace::Alone { place } => {
                format!("{} stands alone, {}", n.royal(royal), n.place(place))
            }
            RoyalPlace::Dead => format!("{} is dead", n.royal(royal)),
        },
        Event::RoyalControlGained {
            royal,
            faction,
            noble,
        } => format!(
            "{} took control of {} with {}",
            n.faction(*faction),
            n.royal(royal),
            n.noble(noble)
        ),
        Event::RoyalCrowned { royal } => format!("{} was crowned", n.royal(royal)),
        Event::RoyalDied { royal, executed } => format!(
            "{} {}",
            n.royal(royal),
            if *executed { "was executed" } else { "died" }
        ),
        Event::ClockAdvanced { clock } => format!(
            "Round {}, {}: {}",
            clock.round,
            n.faction(clock.active),
            clock.phase.name()
        ),
        Event::TurnBegan { faction } => format!("{}'s turn began", n.faction(*faction)),
        Event::EventCardDrawn { faction, card } => {
            format!("{} drew {}", n.faction(*faction), n.event_card(card))
        }
        Event::PrestigeTileRevealed => {
            "The Prestige Victory tile was revealed: claims are now possible".to_owned()
        }
        Event::EventCardDiscarded { card } => format!("{} was discarded", n.event_card(card)),
        Event::FreeMoveKept { faction, .. } => {
            format!("{} kept a Free Move card", n.faction(*faction))
        }
        Event::FreeMoveSpent { faction, piece, .. } => {
            format!(
                "{} spent a Free Move on {}",
                n.faction(*faction),
                n.piece(piece)
            )
        }
        Event::ClamourPlaced { .. } => "A Clamour for Parliament went on the board".to_owned(),
        Event::ClamourUsed => "The Clamour for Parliament was used".to_owned(),
        Event::ClamourDiscarded { .. } => {
            "The used Clamour for Parliament was discarded".to_owned()
        }
        Event::ChancellorCardKept { faction, .. } => {
            format!("{} kept a Chancellor card", n.faction(*faction))
        }
        Event::ChancellorCardSpent { faction, .. } => {
            format!("{} gave up a Chancellor card", n.faction(*faction))
        }
        Event::NobleMoved { noble, to, .. } => {
            format!("{} moved to {}", n.noble(noble), n.place(to))
        }
        Event::ShipMoved { ship, to, .. } => {
            format!("The ship {} moved to {}", n.ship(ship), n.ship_place(to))
        }
        Event::ShipPutOut { ship, from, .. } => format!(
            "The ship {} put out from {} with its passengers",
            n.ship(ship),
            n.location(from)
        ),
        Event::ShipLanding { ship, location } => match location {
            Some(l) => format!(
                "The passengers of {} are landing to besiege {}",
                n.ship(ship),
                n.location(l)
            ),
            None => format!("The passengers of {} stay aboard at sea", n.ship(ship)),
        },
        Event::ShipKeptByPassengers { ship, faction } => format!(
            "The ship {} changed hands at sea: {} keeps it until it next reaches port",
            n.ship(ship),
            n.faction(*faction)
        ),
        Event::ShipLent { ship, to } => match to {
            Some(f) => format!("The ship {} was lent to {}", n.ship(ship), n.faction(*f)),
            None => format!("The loan of the ship {} ended", n.ship(ship)),
        },
        Event::DecisionOpened { .. } => "A decision opened".to_owned(),
        Event::DecisionUpdated { .. } => "The decision moved on".to_owned(),
        Event::DecisionClosed => "The decision closed".to_owned(),
        Event::CombatResolved {
            area,
            siege,
            card,
            attack_strength,
            defence_strength,
            outcome,
        } => {
            let what = siege.as_ref().map_or_else(
                || format!("The battle in {}", n.area(area)),
                |l| format!("The siege of {}", n.location(l)),
            );
            let how = match outcome {
                CombatOutcome::AttackerWon => "the attackers won",
                CombatOutcome::DefenderWon => "the defenders won",
                CombatOutcome::Indecisive => "it was indecisive",
                CombatOutcome::BadWeather => "bad weather delayed the attack",
            };
            format!(
                "{what} ({attack_strength} against {defence_strength}) was resolved by {}: {how}",
                n.event_card(card)
            )
        }
        Event::NobleAttacked { noble } => format!("{} attacked", n.noble(noble)),
        Event::TargetAttacked { .. } => "The target was marked as attacked this phase".to_owned(),
        Event::NobleDied { noble, cause } => {
            let how = match cause {
                DeathCause::Killed => "was killed in combat",
                DeathCause::Plague => "died of the plague",
                DeathCause::Executed => "was executed",
                DeathCause::SetUpCut => "was cut from the set-up (over the troop band)",
            };
            format!("{} {how}", n.noble(noble))
        }
        Event::NobleCaptured { noble, captor, .. } => {
            format!("{} was captured by {}", n.noble(noble), n.faction(*captor))
        }
        Event::NobleRansomed { noble, to } => format!(
            "{} was ransomed and returned {}",
            n.noble(noble),
            n.place(to)
        ),
        Event::BesiegedMarked { location, .. } => {
            format!("{} is under siege", n.location(location))
        }
        Event::BesiegedCleared { location } => {
            format!("The siege of {} ended", n.location(location))
        }
        Event::ParliamentSummoned {
            summoner,
            area,
            summoned,
        } => format!(
            "{} summoned Parliament in {}{}",
            n.faction(*summoner),
            n.area(area),
            summoned
                .as_ref()
                .map_or_else(String::new, |s| format!(", calling {}", n.noble(s)))
        ),
        Event::KingsPeacePlaced { area, .. } => {
            format!("The King's Peace holds in {}", n.area(area))
        }
        Event::KingsPeaceRemoved => "The King's Peace ended".to_owned(),
        Event::PrestigeChanged { faction, prestige } => {
            format!("{} now has {prestige} Prestige", n.faction(*faction))
        }
        Event::PrestigeCardClaimed {
            claimant, target, ..
        } => format!(
            "{} claimed the Prestige Victory card (target {target})",
            n.faction(*claimant)
        ),
        Event::PrestigeCardReturned => "The Prestige Victory card was returned".to_owned(),
        Event::HandCardsGiven { from, to, cards } => format!(
            "{} gave {} card(s) to {}",
            n.faction(*from),
            cards.len(),
            n.faction(*to)
        ),
        Event::AllianceFormed { members } => format!(
            "An Alliance formed: {}",
            members
                .iter()
                .map(|f| n.faction(*f))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        Event::AllianceLeft { faction } => format!("{} left its Alliance", n.faction(*faction)),
        Event::ShipMarked { ship, faction } => match faction {
            Some(f) => format!("The ship {} now sails for {}", n.ship(ship), n.faction(*f)),
            None => format!("The ship {} lost its marker", n.ship(ship)),
        },
        Event::HandCardsRevealed { from, to, cards } => format!(
            "{} showed {} card(s) from hand to {}",
            n.faction(*from),
            cards.len(),
            n.faction(*to)
        ),
        Event::AlliedForceFormed { force } => format!(
            "An allied Force of {} Nobles formed under {}",
            force.members.len(),
            n.noble(&force.commander)
        ),
        Event::AlliedForceEnded { commander } => {
            format!("The allied Force under {} broke up", n.noble(commander))
        }
        Event::BothHousesMarked { faction, since } => match since {
            Some(_) => format!("{} holds Royals of both houses", n.faction(*faction)),
            None => format!(
                "{} no longer holds Royals of both houses",
                n.faction(*faction)
            ),
        },
        Event::GameEnded { outcome } => match outcome.kind {
            VictoryKind::AllLose => {
                "The game ended: every Royal is dead, so every faction lost".to_owned()
            }
            // 23.19: an Alliance's Royalty Victory is shared by its members.
            VictoryKind::Royalty if outcome.winners.len() > 1 => format!(
                "The game ended in a shared Royalty Victory for {}",
                outcome
                    .winners
                    .iter()
                    .map(|f| n.faction(*f))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            kind => format!(
                "The game ended in {} for {}",
                victory_words(kind),
                outcome
                    .winners
                    .iter()
                    .map(|f| n.faction(*f))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        },
        Event::ShipAtSea { ship, zone } => {
            format!("The ship {} is at sea in {}", n.ship(ship), n.sea(zone))
        }
    }
}

/// How a game ended, in words.
fn victory_words(kind: VictoryKind) -> &'static str {
    match kind {
        VictoryKind::Royalty => "a Royalty Victory",
        VictoryKind::Prestige => "a Prestige Victory",
        VictoryKind::SharedPrestige => "a shared Prestige Victory",
        VictoryKind::MinorPrestige => "a Minor Prestige Victory",
        VictoryKind::AllLose => "defeat for all",
        VictoryKind::Resigned => "a resignation",
    }
}

/// An Event card's type, in words.
fn event_type_words(kind: EventType) -> &'static str {
    match kind {
        EventType::Raid => "Raid or Revolt",
        EventType::Embassy => "Embassy",
        EventType::Storms => "Storms at Sea",
        EventType::MercenariesGoHome => "Mercenaries Go Home",
        EventType::Plague => "Plague",
        EventType::FreeMove => "Free Move",
        EventType::Clamour => "Clamour for Parliament",
        EventType::Chancellor => "Chancellor",
    }
}
