package dev.gale.multilang;

import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.task.TopologyContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code context} of the multilang handshake: what Storm's {@code TopologyContext} writes as
 * JSON (task to component, this task and component, streams with their fields, and the groupings
 * to targets and from sources), so scripts reading {@code context["stream->target->grouping"]}
 * and the like find Storm's keys. Stateless.
 */
final class ContextJson {
    private ContextJson() {
    }

    static Map<String, Object> of(TopologyContext context) {
        Map<String, Object> obj = new LinkedHashMap<>();
        obj.put("task->component", new TreeMap<>(context.getTaskToComponent()));
        obj.put("taskid", context.getThisTaskId());
        obj.put("componentid", context.getThisComponentId());
        List<String> streams = new ArrayList<>(context.getThisStreams());
        obj.put("streams", streams);
        Map<String, Object> outputFields = new LinkedHashMap<>();
        for (String stream : streams) {
            outputFields.put(stream, context.getThisOutputFields(stream).toList());
        }
        obj.put("stream->outputfields", outputFields);
        Map<String, Object> targets = new LinkedHashMap<>();
        context.getThisTargets().forEach((stream, byTarget) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            byTarget.forEach((target, grouping) -> m.put(target, grouping(grouping)));
            targets.put(stream, m);
        });
        obj.put("stream->target->grouping", targets);
        Map<String, Map<String, Object>> sources = new LinkedHashMap<>();
        Map<String, Map<String, Object>> sourceFields = new LinkedHashMap<>();
        for (Map.Entry<GlobalStreamId, Grouping> e : context.getThisSources().entrySet()) {
            GlobalStreamId id = e.getKey();
            sources.computeIfAbsent(id.get_componentId(), k -> new LinkedHashMap<>())
                    .put(id.get_streamId(), grouping(e.getValue()));
            List<String> fields;
            try {
                fields = context.getComponentOutputFields(id).toList();
            } catch (IllegalArgumentException systemStream) {
                fields = List.of(); // e.g. __system's streams, which declare no fields of their own here
            }
            sourceFields.computeIfAbsent(id.get_componentId(), k -> new LinkedHashMap<>()).put(id.get_streamId(), fields);
        }
        obj.put("source->stream->grouping", sources);
        obj.put("source->stream->fields", sourceFields);
        return obj;
    }

    private static Map<String, Object> grouping(Grouping g) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", g.type().name());
        if (!g.fields().isEmpty()) {
            m.put("fields", g.fields());
        }
        return m;
    }
}
