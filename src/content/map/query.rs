//! Look-ups the rules engine needs: places, Areas and Regions by id, Regional movement
//! destinations (estuaries and islands respected), sea distances between ports, road
//! neighbours, bonus zones, plus `defines` and `summary` for the content loader. Every list
//! returned is in a fixed (sorted or file) order.

use crate::content::ids::{AreaId, LocationId, RegionId, RoadNodeId, SeaZoneId, ZoneId};
use crate::content::refs::Target;

use super::model::{Area, Derived, Location, Map, Region, RoadNode, SeaZone, Zone};

impl Map {
    /// A place by id.
    pub fn location(&self, id: &LocationId) -> Option<&Location> {
        self.index.locations.get(id).map(|&i| &self.locations[i])
    }

    /// The position of a place in [`Map::locations`].
    pub fn location_position(&self, id: &LocationId) -> Option<usize> {
        self.index.locations.get(id).copied()
    }

    /// An Area by id.
    pub fn area(&self, id: &AreaId) -> Option<&Area> {
        self.index.areas.get(id).map(|&i| &self.areas[i])
    }

    /// A Region by id.
    pub fn region(&self, id: &RegionId) -> Option<&Region> {
        self.index.regions.get(id).map(|&i| &self.regions[i])
    }

    /// A sea Area by id.
    pub fn sea_zone(&self, id: &SeaZoneId) -> Option<&SeaZone> {
        self.index.sea_zones.get(id).map(|&i| &self.sea_zones[i])
    }

    /// A bonus zone by id.
    pub fn zone(&self, id: &ZoneId) -> Option<&Zone> {
        self.index.zones.get(id).map(|&i| &self.zones[i])
    }

    /// The Area holding a place.
    pub fn area_of(&self, location: &LocationId) -> Option<&AreaId> {
        self.location(location).map(|l| &l.area)
    }

    /// The Region of an Area (`None` for islands and unknown Areas).
    pub fn region_of(&self, area: &AreaId) -> Option<&RegionId> {
        self.area(area).and_then(|a| a.region.as_ref())
    }

    /// The places in an Area, sorted by id.
    pub fn locations_in(&self, area: &AreaId) -> Vec<&Location> {
        match self.index.derived.area_locations.get(area) {
            Some(at) => at.iter().filter_map(|&i| self.locations.get(i)).collect(),
            None => self.locations.iter().filter(|l| &l.area == area).collect(),
        }
    }

    /// The Areas of a Region, in file order.
    pub fn areas_of_region(&self, region: &RegionId) -> Vec<&AreaId> {
        self.areas
            .iter()
            .filter(|a| a.region.as_ref() == Some(region))
            .map(|a| &a.id)
            .collect()
    }

    /// Whether two Regions are across one purple boundary from each other.
    pub fn regions_adjacent(&self, a: &RegionId, b: &RegionId) -> bool {
        self.region(a).is_some_and(|r| r.adjacent.contains(b))
    }

    /// Whether two Areas share a land border.
    pub fn areas_adjacent(&self, a: &AreaId, b: &AreaId) -> bool {
        self.area(a).is_some_and(|x| x.adjacent.contains(b))
    }

    /// Whether two Areas face each other across an estuary (no Regional movement between them).
    pub fn across_estuary(&self, a: &AreaId, b: &AreaId) -> bool {
        self.estuaries.iter().any(|e| {
            (&e.areas[0] == a && &e.areas[1] == b) || (&e.areas[0] == b && &e.areas[1] == a)
        })
    }

    /// Whether an Area is mainland England and Wales (not an island, not Calais).
    pub fn is_mainland(&self, area: &AreaId) -> bool {
        self.area(area).is_some_and(|a| {
            !a.island
                && a.region
                    .as_ref()
                    .and_then(|r| self.region(r))
                    .is_some_and(|r| r.mainland)
        })
    }

    /// Every Area a Noble in `from` may reach by one Regional move (001 L743-745): its own
    /// Area, every Area of its Region and of each adjacent Region, except Areas across an
    /// estuary from `from`. An island Area reaches only itself. File order.
    pub fn regional_destinations(&self, from: &AreaId) -> Vec<AreaId> {
        match self.index.derived.regional.get(from) {
            Some(areas) => areas.clone(),
            None => self.regional_destinations_scan(from),
        }
    }

    /// Whether one Regional move from `from` reaches `to` ([`Map::regional_destinations`]
    /// contains it).
    pub fn regional_reaches(&self, from: &AreaId, to: &AreaId) -> bool {
        match self.index.derived.regional.get(from) {
            Some(areas) => areas.contains(to),
            None => self.regional_destinations_scan(from).contains(to),
        }
    }

    fn regional_destinations_scan(&self, from: &AreaId) -> Vec<AreaId> {
        let Some(region) = self.region_of(from) else {
            return self.area(from).map(|a| vec![a.id]).unwrap_or_default();
        };
        self.areas
            .iter()
            .filter(|a| {
                a.region
                    .as_ref()
                    .is_some_and(|r| r == region || self.regions_adjacent(region, r))
            })
            .filter(|a| &a.id == from || !self.across_estuary(from, &a.id))
            .map(|a| a.id)
            .collect()
    }

    /// The places that are ports, with each one's access sea Area, in place order.
    pub fn port_locations(&self) -> Vec<(&Location, &SeaZoneId)> {
        self.index
            .derived
            .port_locations
            .iter()
            .filter_map(|(i, z)| Some((self.locations.get(*i)?, z)))
            .collect()
    }

    /// The access sea Area of a port.
    pub fn port_sea_zone(&self, location: &LocationId) -> Option<&SeaZoneId> {
        self.index
            .ports
            .get(location)
            .map(|&i| &self.ports[i].sea_zone)
    }

    /// Movement points a ship needs from one port to another (001 L775-777, L805): 1 to leave
    /// port into its sea Area, 1 per further sea Area, 1 to enter the other port. 0 for the
    /// same port; `None` if either is not a port or no sea route exists.
    pub fn sea_distance(&self, from: &LocationId, to: &LocationId) -> Option<u32> {
        let start = self.port_sea_zone(from)?;
        let end = self.port_sea_zone(to)?;
        if from == to {
            return Some(0);
        }
        let between = self.sea_steps(start, end)?;
        Some(between + 2)
    }

    /// Sea Areas a ship entering the sea from `zone` can reach, with the number of sea Areas
    /// entered after it (0 for `zone` itself). Sorted by id.
    pub fn sea_zones_within(&self, zone: &SeaZoneId, steps: u32) -> Vec<(SeaZoneId, u32)> {
        match self.index.derived.sea.get(zone) {
            Some(all) => all
                .iter()
                .filter(|(_, d)| **d <= steps)
                .map(|(z, d)| (*z, *d))
                .collect(),
            None => super::checks::sea_distances(self, zone)
                .into_iter()
                .filter(|(_, d)| *d <= steps)
                .collect(),
        }
    }

    /// Sea Areas entered after `from` to reach each port of [`Map::port_locations`], in that
    /// order (`None` where no sea route joins them), when worked out at load.
    pub fn port_sea_steps(&self, from: &SeaZoneId) -> Option<&[Option<u32>]> {
        self.index.derived.port_steps.get(from).map(Vec::as_slice)
    }

    /// Sea Areas entered after `from` to reach `to` (0 for the same one); `None` if no sea
    /// route joins them.
    pub fn sea_steps(&self, from: &SeaZoneId, to: &SeaZoneId) -> Option<u32> {
        match self.index.derived.sea.get(from) {
            Some(all) => all.get(to).copied(),
            None => super::checks::sea_distances(self, from).get(to).copied(),
        }
    }

    /// A road node by id.
    pub fn road_node(&self, id: &RoadNodeId) -> Option<&RoadNode> {
        self.index.road_nodes.get(id).map(|&i| &self.roads.nodes[i])
    }

    /// The road nodes directly connected to `node`, sorted.
    pub fn road_neighbours(&self, node: &RoadNodeId) -> &[RoadNodeId] {
        self.index
            .road_adjacent
            .get(node)
            .map_or(&[], Vec::as_slice)
    }

    /// The road nodes lying in an Area (where a Noble there may join or leave the road),
    /// sorted by id.
    pub fn road_nodes_in(&self, area: &AreaId) -> Vec<&RoadNode> {
        self.roads
            .nodes
            .iter()
            .filter(|n| &n.area == area)
            .collect()
    }

    /// The Areas a Noble in `from` can reach by one Road move (001 L755-769, ruling Z23), given
    /// which places across the road it may pass (`passable`: friendly, neutral, or enemy with
    /// permission, and never besieged). It joins at any road node of its Area, and at a place
    /// there only if that place is passable. It follows the edges and never enters a blocked
    /// place. So it stops in the blocking place's Area when a segment of that Area comes
    /// before the place, and stays outside when none does (Newark from the south, 001 L757).
    /// Sorted; empty if `from` has no road.
    pub fn road_destinations(
        &self,
        from: &AreaId,
        passable: impl Fn(&LocationId) -> bool,
    ) -> Vec<AreaId> {
        let nodes = &self.roads.nodes;
        let derived = &self.index.derived;
        let (seen, _) = self.road_search(from, passable, |_| false);
        if let Some(ranks) = &derived.node_area_rank {
            // Mark each reached Area by its rank in id order, then read the marks in order.
            let mut reached = vec![false; derived.areas_by_rank.len()];
            for (at, rank) in ranks.iter().enumerate() {
                if seen[at] {
                    reached[*rank] = true;
                }
            }
            return reached
                .iter()
                .zip(&derived.areas_by_rank)
                .filter(|(r, _)| **r)
                .map(|(_, id)| *id)
                .collect();
        }
        let areas: std::collections::BTreeSet<&AreaId> = seen
            .iter()
            .zip(nodes)
            .filter(|(s, _)| **s)
            .map(|(_, n)| &n.area)
            .collect();
        areas.into_iter().cloned().collect()
    }

    /// Whether one Road move from `from` reaches `to` ([`Map::road_destinations`] contains
    /// it), stopping as soon as a road node in `to` is reached.
    pub fn road_reaches(
        &self,
        from: &AreaId,
        to: &AreaId,
        passable: impl Fn(&LocationId) -> bool,
    ) -> bool {
        self.road_search(from, passable, |n| &n.area == to).1
    }

    /// The way a Road move from `from` to `to` takes: the road nodes from where it joins the
    /// road to the first node of `to` it reaches, by the fewest road steps, on the same terms as
    /// [`Map::road_destinations`] (it never enters a place `passable` refuses). Ties go to the
    /// earlier node in file order. `None` when the road does not reach `to`.
    pub fn road_way(
        &self,
        from: &AreaId,
        to: &AreaId,
        passable: impl Fn(&LocationId) -> bool,
    ) -> Option<Vec<RoadNodeId>> {
        let open = |node: &RoadNode| node.location.as_ref().is_none_or(&passable);
        let nodes = &self.roads.nodes;
        let derived = &self.index.derived;
        let starts: Vec<usize> = match derived.road_starts.get(from) {
            Some(at) => at.clone(),
            None => (0..nodes.len())
                .filter(|&i| &nodes[i].area == from)
                .collect(),
        };
        let mut before: Vec<Option<usize>> = vec![None; nodes.len()];
        let mut seen = vec![false; nodes.len()];
        let mut queue: std::collections::VecDeque<usize> = std::collections::VecDeque::new();
        for start in starts {
            if open(&nodes[start]) && !seen[start] {
                seen[start] = true;
                queue.push_back(start);
            }
        }
        while let Some(at) = queue.pop_front() {
            if &nodes[at].area == to {
                let mut way = vec![nodes[at].id];
                let mut back = before[at];
                while let Some(i) = back {
                    way.push(nodes[i].id);
                    back = before[i];
                }
                way.reverse();
                return Some(way);
            }
            for &next in derived.road_links.get(at).map_or(&[][..], Vec::as_slice) {
                if !seen[next] && open(&nodes[next]) {
                    seen[next] = true;
                    before[next] = Some(at);
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// The road search behind [`Map::road_destinations`]: breadth-first over node positions
    /// from the open nodes of `from`, never entering a blocked place; the nodes reached, and
    /// whether `stop` held for one (the search ends there).
    fn road_search(
        &self,
        from: &AreaId,
        passable: impl Fn(&LocationId) -> bool,
        mut stop: impl FnMut(&RoadNode) -> bool,
    ) -> (Vec<bool>, bool) {
        let open = |node: &RoadNode| node.location.as_ref().is_none_or(&passable);
        let nodes = &self.roads.nodes;
        let derived = &self.index.derived;
        let starts: Vec<usize> = match derived.road_starts.get(from) {
            Some(at) => at.clone(),
            None => (0..nodes.len())
                .filter(|&i| &nodes[i].area == from)
                .collect(),
        };
        // The Areas reached do not depend on the order.
        let mut seen = vec![false; nodes.len()];
        let mut queue: std::collections::VecDeque<usize> =
            starts.into_iter().filter(|&i| open(&nodes[i])).collect();
        while let Some(at) = queue.pop_front() {
            if seen[at] {
                continue;
            }
            seen[at] = true;
            if stop(&nodes[at]) {
                return (seen, true);
            }
            for &next in derived.road_links.get(at).map_or(&[][..], Vec::as_slice) {
                if !seen[next] && open(&nodes[next]) {
                    queue.push_back(next);
                }
            }
        }
        (seen, false)
    }

    /// The hot look-ups, derived from the loaded map.
    pub(super) fn derive(&self) -> Derived {
        let nodes = &self.roads.nodes;
        // Road links by position, resolved as `road_node` would (first node of an id).
        let road_links = nodes
            .iter()
            .map(|n| {
                let mut links: Vec<usize> = self
                    .road_neighbours(&n.id)
                    .iter()
                    .filter_map(|id| self.index.road_nodes.get(id).copied())
                    .collect();
                links.dedup();
                links
            })
            .collect();
        let mut road_starts: rustc_hash::FxHashMap<AreaId, Vec<usize>> = Default::default();
        let mut area_locations: rustc_hash::FxHashMap<AreaId, Vec<usize>> = Default::default();
        let mut regional: rustc_hash::FxHashMap<AreaId, Vec<AreaId>> = Default::default();
        for area in &self.areas {
            road_starts.insert(area.id, Vec::new());
            area_locations.insert(area.id, Vec::new());
            regional.insert(area.id, self.regional_destinations_scan(&area.id));
        }
        for (i, n) in nodes.iter().enumerate() {
            road_starts.entry(n.area).or_default().push(i);
        }
        for (i, l) in self.locations.iter().enumerate() {
            area_locations.entry(l.area).or_default().push(i);
        }
        let port_locations: Vec<(usize, SeaZoneId)> = self
            .locations
            .iter()
            .enumerate()
            .filter_map(|(i, l)| self.port_sea_zone(&l.id).map(|z| (i, *z)))
            .collect();
        let sea: rustc_hash::FxHashMap<SeaZoneId, std::collections::BTreeMap<SeaZoneId, u32>> =
            self.sea_zones
                .iter()
                .map(|z| (z.id, super::checks::sea_distances(self, &z.id)))
                .collect();
        let mut areas_by_rank: Vec<AreaId> = self.areas.iter().map(|a| a.id).collect();
        areas_by_rank.sort();
        areas_by_rank.dedup();
        let node_area_rank = nodes
            .iter()
            .map(|n| areas_by_rank.binary_search(&n.area).ok())
            .collect();
        let zone_areas = self
            .zones
            .iter()
            .map(|z| {
                let members = self
                    .areas
                    .iter()
                    .filter(|a| self.in_zone_scan(z, &a.id))
                    .map(|a| a.id)
                    .chain(z.areas.iter().cloned())
                    .collect();
                (z.id, members)
            })
            .collect();
        let area_steps = self.area_steps_scan();
        let port_steps = sea
            .iter()
            .map(|(from, all)| {
                let row = port_locations
                    .iter()
                    .map(|(_, zone)| all.get(zone).copied())
                    .collect();
                (*from, row)
            })
            .collect();
        Derived {
            area_steps,
            port_steps,
            road_links,
            road_starts,
            area_locations,
            regional,
            port_locations,
            sea,
            node_area_rank,
            areas_by_rank,
            zone_areas,
        }
    }

    /// Adjacency steps between Areas by position in [`Map::areas`] (`None`: unreachable by
    /// land), worked out once at load.
    pub fn area_steps(&self) -> &[Vec<Option<u8>>] {
        &self.index.derived.area_steps
    }

    /// Breadth-first search from every Area over the adjacency (first Area of an id).
    fn area_steps_scan(&self) -> Vec<Vec<Option<u8>>> {
        let neighbours: Vec<Vec<usize>> = self
            .areas
            .iter()
            .map(|a| {
                a.adjacent
                    .iter()
                    .filter_map(|b| self.index.areas.get(b).copied())
                    .collect()
            })
            .collect();
        let n = self.areas.len();
        let mut steps = vec![vec![None; n]; n];
        for (start, row) in steps.iter_mut().enumerate() {
            row[start] = Some(0u8);
            let mut queue = std::collections::VecDeque::from([start]);
            while let Some(at) = queue.pop_front() {
                let d = row[at].unwrap_or(0);
                for &next in &neighbours[at] {
                    if row[next].is_none() {
                        row[next] = Some(d.saturating_add(1));
                        queue.push_back(next);
                    }
                }
            }
        }
        steps
    }

    /// Whether an Area lies in a bonus zone (through one of its Regions or listed itself).
    pub fn in_zone(&self, zone: &ZoneId, area: &AreaId) -> bool {
        match self.index.derived.zone_areas.get(zone) {
            Some(members) => members.contains(area),
            None => self.zone(zone).is_some_and(|z| self.in_zone_scan(z, area)),
        }
    }

    fn in_zone_scan(&self, z: &Zone, area: &AreaId) -> bool {
        z.areas.contains(area) || self.region_of(area).is_some_and(|r| z.regions.contains(r))
    }

    /// Whether the map defines this target (places, Areas, Regions, zones, sea Areas).
    pub fn defines(&self, target: &Target) -> bool {
        match target {
            Target::Location(id) => self.index.locations.contains_key(id),
            Target::Area(id) => self.index.areas.contains_key(id),
            Target::Region(id) => self.index.regions.contains_key(id),
            Target::Zone(id) => self.index.zones.contains_key(id),
            Target::SeaZone(id) => self.index.sea_zones.contains_key(id),
            Target::CrownCard(_) | Target::Noble(_) | Target::Royal(_) => false,
        }
    }

    /// One line: how many places, Areas, Regions, sea Areas, ports and roads.
    pub fn summary(&self) -> String {
        format!(
            "{} places, {} Areas, {} Regions, {} sea Areas, {} ports, {} roads",
            self.locations.len(),
            self.areas.len(),
            self.regions.len(),
            self.sea_zones.len(),
            self.ports.len(),
            self.roads.routes.len()
        )
    }
}
