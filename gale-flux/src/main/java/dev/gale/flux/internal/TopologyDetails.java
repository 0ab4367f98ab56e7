package dev.gale.flux.internal;

import dev.gale.flux.model.BoltDef;
import dev.gale.flux.model.SpoutDef;
import dev.gale.flux.model.StreamDef;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.model.WorkerHookDef;
import dev.gale.utils.Utils;
import java.util.List;

/**
 * What a Flux file defines, as text for a person: its name, spouts and bolts with their
 * parallelism and class, streams with their grouping, and worker hooks; or the class and method
 * of a {@code topologySource}. Not its configuration, which may hold substituted secrets. Stateless.
 */
public final class TopologyDetails {
    private TopologyDetails() {
    }

    /** The details of {@code def}, one item a line, ending with a line break. */
    public static String of(TopologyDef def) {
        StringBuilder out = new StringBuilder();
        out.append("topology ").append(def.getName()).append(" (").append(def.getLocation()).append(")\n");
        if (!def.isDslTopology()) {
            out.append("  built by ").append(def.getTopologySource().getClassName()).append('.')
                    .append(def.getTopologySource().getMethodName()).append("(config)\n");
            return out.toString();
        }
        for (SpoutDef s : def.getSpouts()) {
            out.append(String.format("  spout  %s x%d  %s%n", s.getId(), s.getParallelism(), s.getClassName()));
        }
        for (BoltDef b : def.getBolts()) {
            out.append(String.format("  bolt   %s x%d  %s%n", b.getId(), b.getParallelism(), b.getClassName()));
        }
        for (StreamDef s : def.getStreams()) {
            String stream = s.getGrouping().getStreamId();
            String from = stream == null || stream.equals(Utils.DEFAULT_STREAM_ID) ? s.getFrom() : s.getFrom() + ":" + stream;
            List<String> fields = s.getGrouping().getArgs();
            out.append(String.format("  stream %s --%s%s--> %s%n", from, s.getGrouping().getType(),
                    fields == null ? "" : fields, s.getTo()));
        }
        for (WorkerHookDef h : def.getWorkerHooks()) {
            out.append(String.format("  hook   %s  %s%n", h.getId(), h.getClassName()));
        }
        return out.toString();
    }
}
