"""Tournament algorithms in plain Python: pairing, standings, ratings and audits.

Nothing here imports Django; the ``tournaments`` app converts its rows into the frozen
dataclasses of :mod:`.players` and calls these functions. Modules:

* ``players`` — Competitor, ResultRecord, Pairing (inputs and outputs)
* ``rules`` — ScoringRules (points per outcome, bye VP), EventRules (what audits enforce)
* ``battle_points`` — battle points from the score margin through an organizer's bands
* ``soft_scores`` — soft score categories (sportsmanship, painting) and their checks
* ``history`` — EventHistory: each player's games, points, opponents and byes
* ``tiebreaks`` — the metric registry (points, VP, strength of schedule, Buchholz, ...)
* ``standings`` — rank(): standings rows with shared ranks
* ``swiss`` — SwissPairer / pair_swiss_round(): one Swiss round by minimum-cost matching
* ``roundrobin`` — Berger tables
* ``elimination`` — seeded single-elimination brackets
* ``bracket_layout`` — lay_out_bracket(): a bracket's every round as drawn, played and still to come
* ``placements`` — final placements of a bracket from the round each player went out in
* ``ratings`` — OpenSkill ratings across events
* ``checks`` — find_discrepancies(): what a ``check_event`` command reports
* ``matching`` — the lexicographic minimum-cost matching both pairing and audits use
* ``errors`` — TournamentError and its kinds (InvalidInput, PairingError, UnknownMetric)
"""
