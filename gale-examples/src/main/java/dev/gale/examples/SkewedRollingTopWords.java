package dev.gale.examples;

import dev.gale.examples.bolt.RankingMergeBolt;
import dev.gale.examples.bolt.WindowCountMergeBolt;
import dev.gale.examples.bolt.WindowedWordCountBolt;
import dev.gale.examples.bolt.WordRankingBolt;
import dev.gale.examples.spout.WindNameSpout;
import dev.gale.generated.StormTopology;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;

/**
 * {@link RollingTopWords} for words of very unequal frequency, where fields grouping would leave
 * the counter task of the most frequent word doing a large share of all the counting. Partial key
 * grouping sends each word to the less loaded of two counter tasks instead, so a word's count is
 * split in two, and {@link WindowCountMergeBolt} adds the parts up again before the ranking:
 *
 * <pre>
 *   words --partialKey(word)--> counter --fields(word)--> merge --fields(word)--> ranker
 *         --global--> top --> print
 * </pre>
 *
 * <p>{@link WindNameSpout} draws about half of its names as "mistral" (skew {@value #SKEW}).
 * Counts cover the last {@value RollingTopWords#WINDOW_SECS} s, sliding every
 * {@value RollingTopWords#SLIDE_SECS} s; the top {@value RollingTopWords#TOP} are printed every
 * {@value RollingTopWords#RANK_EVERY_SECS} s.
 *
 * <p>Run it with {@code gale run skewed-rolling-top-words}.
 */
public final class SkewedRollingTopWords {
    static final double SKEW = 1.5;

    private SkewedRollingTopWords() {
    }

    /** The topology {@code gale run skewed-rolling-top-words} runs. */
    public static StormTopology createTopology() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new WindNameSpout(RollingTopWords.WORD_INTERVAL_MS, SKEW, 23), 2);
        builder.setBolt("counter", new WindowedWordCountBolt(RollingTopWords.WINDOW_SECS, RollingTopWords.SLIDE_SECS),
                4).partialKeyGrouping("words", new Fields("word"));
        builder.setBolt("merge", new WindowCountMergeBolt(), 2).fieldsGrouping("counter", new Fields("word"));
        builder.setBolt("ranker", new WordRankingBolt(RollingTopWords.TOP, RollingTopWords.RANK_EVERY_SECS), 2)
                .fieldsGrouping("merge", new Fields("word"));
        builder.setBolt("top", new RankingMergeBolt(RollingTopWords.TOP, RollingTopWords.RANK_EVERY_SECS))
                .globalGrouping("ranker");
        builder.setBolt("print", tuple -> System.out.println("top words of the last " + RollingTopWords.WINDOW_SECS
                + " s, skewed: " + tuple.getValueByField("ranking"))).globalGrouping("top");
        return builder.createTopology();
    }
}
