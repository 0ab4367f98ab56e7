package dev.gale.examples;

import dev.gale.examples.bolt.RankingMergeBolt;
import dev.gale.examples.bolt.WindowedWordCountBolt;
import dev.gale.examples.bolt.WordRankingBolt;
import dev.gale.examples.spout.WindNameSpout;
import dev.gale.generated.StormTopology;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;

/**
 * The most frequent words of the last few seconds, kept up to date with tick tuples and ranked in
 * two stages so that no single task sees every word:
 *
 * <pre>
 *   words --fields(word)--> counter --fields(word)--> ranker --global--> top --> print
 * </pre>
 *
 * <p>{@link WindNameSpout} emits wind names; {@link WindowedWordCountBolt} counts each over the
 * last {@value #WINDOW_SECS} s, sliding every {@value #SLIDE_SECS} s; each {@link WordRankingBolt}
 * task ranks the counts of its share of the words, and one {@link RankingMergeBolt} merges their
 * rankings into the top {@value #TOP}, printed every {@value #RANK_EVERY_SECS} s.
 *
 * <p>Run it with {@code gale run rolling-top-words}.
 */
public final class RollingTopWords {
    static final int WINDOW_SECS = 12;
    static final int SLIDE_SECS = 3;
    static final int RANK_EVERY_SECS = 2;
    static final int TOP = 3;
    static final long WORD_INTERVAL_MS = 100;

    private RollingTopWords() {
    }

    /** The topology {@code gale run rolling-top-words} runs. */
    public static StormTopology createTopology() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new WindNameSpout(WORD_INTERVAL_MS, 0, 11), 2);
        builder.setBolt("counter", new WindowedWordCountBolt(WINDOW_SECS, SLIDE_SECS), 3)
                .fieldsGrouping("words", new Fields("word"));
        builder.setBolt("ranker", new WordRankingBolt(TOP, RANK_EVERY_SECS), 2)
                .fieldsGrouping("counter", new Fields("word"));
        builder.setBolt("top", new RankingMergeBolt(TOP, RANK_EVERY_SECS)).globalGrouping("ranker");
        builder.setBolt("print", tuple -> System.out.println("top words of the last " + WINDOW_SECS + " s: "
                + tuple.getValueByField("ranking"))).globalGrouping("top");
        return builder.createTopology();
    }
}
