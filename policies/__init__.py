"""elicitguard's pure decision core.

Nothing in this package opens a socket, reads a clock or writes a log: it turns bytes and a compiled
policy into verdicts. ``proxy`` owns every kind of I/O.
"""

from elicitguard.policies.config import Config, ConfigError, Policy, load_config, load_config_text
from elicitguard.policies.engine import Guard, Outcome, judge_message
from elicitguard.policies.envelope import EnvelopeError, Message, parse_envelope
from elicitguard.policies.verdict import Decision, Direction, Reason, Verdict

__all__ = [
    "Config",
    "ConfigError",
    "Decision",
    "Direction",
    "EnvelopeError",
    "Guard",
    "Message",
    "Outcome",
    "Policy",
    "Reason",
    "Verdict",
    "judge_message",
    "load_config",
    "load_config_text",
    "parse_envelope",
]
