package dev.gale.impl.testkit;

import dev.gale.generated.InvalidTopologyException;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.stats.ComponentKind;
import dev.gale.testing.FixedTuple;
import java.util.List;
import java.util.Map;

/** Checks mocked sources against the topology they mock, for both testing kits. Stateless. */
public final class MockChecks {
    private MockChecks() {
    }

    /**
     * The spout the mocked tuples replace: it must exist and declare each of their streams.
     *
     * @throws InvalidTopologyException naming the spout or stream at fault
     */
    public static ComponentDef mockedSpout(Map<String, ComponentDef> defs, String spoutId, List<FixedTuple> tuples) {
        ComponentDef spout = defs.get(spoutId);
        if (spout == null || spout.kind() != ComponentKind.SPOUT) {
            throw new InvalidTopologyException("mocked sources name spout '" + spoutId
                    + "', which the topology does not have; its components are " + defs.keySet());
        }
        for (FixedTuple t : tuples) {
            if (!spout.outputs().containsKey(t.stream)) {
                throw new InvalidTopologyException("mocked sources give tuples on stream '" + t.stream + "' of spout '"
                        + spoutId + "', which declares only " + spout.outputs().keySet());
            }
        }
        return spout;
    }
}
