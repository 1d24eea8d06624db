"""One module per carrier of elicitation, each a mixin of :class:`elicitguard.policies.engine.Guard`."""
