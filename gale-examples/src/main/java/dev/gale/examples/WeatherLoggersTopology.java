package dev.gale.examples;

import dev.gale.examples.spout.WordSpout;
import dev.gale.generated.StormTopology;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bolt that logs through several named loggers, each of which the logging configuration can
 * turn up or down on its own: for every weather word it receives, "report" logs
 * <ul>
 *   <li>{@code "weather: gust"} at INFO to {@code dev.gale.examples.weather},</li>
 *   <li>{@code "warning: gale"} at WARN to {@code dev.gale.examples.weather.warnings}, for the
 *       words that call for one (gale, squall),</li>
 *   <li>the tuple's source and id at DEBUG to {@code dev.gale.examples.weather.trace},</li>
 * </ul>
 * then passes the word on. Gale logs through SLF4J, so the levels are the binding's: with
 * slf4j-simple (the examples' binding), INFO and above show unless, for example,
 * {@code -Dorg.slf4j.simpleLogger.log.dev.gale.examples.weather.trace=debug} turns the trace on.
 *
 * <p>Run it with {@code gale run multiple-logger}.
 */
public final class WeatherLoggersTopology {
    private WeatherLoggersTopology() {
    }

    /** Logs each word to the weather loggers (see the class comment), then emits it unchanged. */
    public static class ReportBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 7093260741885245913L;
        private static final Logger WEATHER = LoggerFactory.getLogger("dev.gale.examples.weather");
        private static final Logger WARNINGS = LoggerFactory.getLogger("dev.gale.examples.weather.warnings");
        private static final Logger TRACE = LoggerFactory.getLogger("dev.gale.examples.weather.trace");
        private static final Set<String> WARN_OF = Set.of("gale", "squall");

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            String word = input.getStringByField("word");
            WEATHER.info("weather: {}", word);
            if (WARN_OF.contains(word)) {
                WARNINGS.warn("warning: {}", word);
            }
            TRACE.debug("{} from {} task {}, id {}", word, input.getSourceComponent(), input.getSourceTask(),
                    input.getMessageId());
            collector.emit(new Values(word));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** Used by {@code gale run multiple-logger}: "words" -> "report" (2 tasks). */
    public static StormTopology createTopology(Map<String, Object> conf) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new WordSpout());
        builder.setBolt("report", new ReportBolt(), 2).shuffleGrouping("words");
        return builder.createTopology();
    }
}
