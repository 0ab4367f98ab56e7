package dev.gale.storm.internal;

import java.util.Map;
import java.util.Set;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.tuple.Fields;

/** Declares a Gale component's streams to Storm, from the facts Gale's builder recorded. Stateless. */
final class StreamDeclarations {
    private StreamDeclarations() {
    }

    /** @param skip streams Storm declares itself (a windowed bolt's late-tuple stream) */
    static void declare(Map<String, TopologyFacts.Stream> streams, Set<String> skip, OutputFieldsDeclarer declarer) {
        for (Map.Entry<String, TopologyFacts.Stream> s : streams.entrySet()) {
            if (!skip.contains(s.getKey())) {
                declarer.declareStream(s.getKey(), s.getValue().direct(), new Fields(s.getValue().fields()));
            }
        }
    }
}
