"""fireplane_tools.machine: reading `fireplane dump-config` without a YAML library.

With FIREPLANE set to the simulator (ctest sets it), also every bundled
config as the simulator resolves it, against PyYAML where it is installed."""
import glob
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from fireplane_tools import machine, simulator  # noqa: E402

try:
    import yaml
except ImportError:
    yaml = None

SAMPLE = '''# configs/v1280.yaml, fully resolved. Each comment describes its parameter;
# "(default)" marks values the configuration did not set.
description: Sun Fire V1280 - 12 UltraSPARC IIICu at 900 MHz on 3 CPU/memory boards, 12 GiB.
simulation:
  quantum: 1us          # functional model: how far a CPU may run ahead (default)
  lookahead: 1ms        # the most a CPU may run ahead: nothing can observe it then (default)
  fast_forward: 0       # instructions each CPU runs functionally first (default)
components:
  cpu0:
    type: sparc_cpu      # UltraSPARC IIICu processor: SPARC V9 ISS
    clock: 900MHz        # core clock
    agent_id: "-1"       # Safari agent ID on the Fireplane bus (0-23); -1 numbers CPUs (default)
    note: 'it''s # not a comment'
    ratio: 0.5
    latency:
      wcache_move: 30    # cycles to move one W$ line to the off-chip E$ (default)
  memory:
    base: 0x1fff0000000
  fireplane:
    check_invariants: false  # after every broadcast, check the line's states (default)
    copyback: 237ns          # from the snoop result to the owning cache's data leaving it
'''


class Parse(unittest.TestCase):
    def setUp(self):
        self.doc = machine.parse(SAMPLE)

    def test_nesting_and_scalars(self):
        cpu = self.doc["components"]["cpu0"]
        self.assertEqual(cpu["latency"]["wcache_move"], 30)
        self.assertEqual(cpu["clock"], "900MHz")
        self.assertEqual(cpu["agent_id"], "-1")  # quoted: a string, as YAML reads it
        self.assertEqual(cpu["note"], "it's # not a comment")
        self.assertEqual(cpu["ratio"], 0.5)
        self.assertIs(self.doc["components"]["fireplane"]["check_invariants"], False)
        self.assertEqual(self.doc["simulation"]["fast_forward"], 0)
        self.assertEqual(self.doc["components"]["memory"]["base"], 0x1fff0000000)
        self.assertTrue(self.doc["description"].endswith("boards, 12 GiB."))

    def test_parameter(self):
        self.assertEqual(machine.parameter(self.doc, "cpu0.latency.wcache_move"), 30)
        self.assertEqual(machine.parameter(self.doc, "simulation.quantum"), "1us")
        with self.assertRaisesRegex(KeyError, "no parameter cpu0.latency.nope"):
            machine.parameter(self.doc, "cpu0.latency.nope")

    @unittest.skipUnless(yaml, "PyYAML is not installed")
    def test_as_yaml_reads_it(self):
        self.assertEqual(self.doc, yaml.safe_load(SAMPLE))

    def test_unreadable_line(self):
        with self.assertRaisesRegex(ValueError, "line 2"):
            machine.parse("a:\n  - item\n")


@unittest.skipUnless(os.environ.get("FIREPLANE"), "FIREPLANE (the simulator) is not set")
class BundledConfigs(unittest.TestCase):
    def test_every_config(self):
        configs = sorted(glob.glob(os.path.join(simulator.REPO_ROOT, "configs", "*.yaml")))
        self.assertGreaterEqual(len(configs), 3)
        for config in configs:
            with self.subTest(config=os.path.basename(config)):
                doc = machine.load(os.environ["FIREPLANE"], config)
                self.assertIn(machine.parameter(doc, "simulation.model"),
                              ("functional", "fixed", "detailed"))
                self.assertIsInstance(machine.parameter(doc, "cpu0.latency.wcache_move"), int)
                if yaml:
                    text = simulator.dump_config(os.environ["FIREPLANE"], config).stdout
                    self.assertEqual(doc, yaml.safe_load(text))

    def test_overrides_and_refusals(self):
        config = os.path.join(simulator.REPO_ROOT, "configs", "uni.yaml")
        doc = machine.load(os.environ["FIREPLANE"], config, ["cpu0.latency.wcache_move=41"])
        self.assertEqual(machine.parameter(doc, "cpu0.latency.wcache_move"), 41)
        with self.assertRaisesRegex(RuntimeError, "bad time value 'fast'"):
            machine.load(os.environ["FIREPLANE"], config, ["fireplane.copyback=fast"])


if __name__ == "__main__":
    unittest.main()
