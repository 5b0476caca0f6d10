"""What a viewer knows: perfect memory of the public record (I-HID-5), inference about the
secrets that remain, and sampling of hidden states consistent with a view.

* :mod:`mcn.knowledge.memory` — what a viewer remembers of a path of play (letters whose colour
  he can tell, the ledger of donations and evaluations);
* :mod:`mcn.knowledge.chests` — the chest contents consistent with what he saw (I-HID-2):
  bounds per compartment and category, the number of consistent assignments, and whether he
  is certain to win a category of a pending evaluation;
* :mod:`mcn.knowledge.report` — the KNOWLEDGE block of ``replay --as``, ``legal --as`` and
  ``html --as``;
* :mod:`mcn.knowledge.sample` — hidden states drawn uniformly among those consistent with a
  view (for search and OpenSpiel's ``resample_from_infostate``).
"""
