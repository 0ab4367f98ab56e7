package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.LocalDRPC;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * storm-starter's ReachTopology as it is (only its imports changed), run through its main: a
 * LinearDRPCTopologyBuilder pipeline whose last two bolts are batch bolts (BaseBatchBolt), which
 * need CoordinatedBolt's protocol to learn when they have seen all of a request's tuples.
 */
class ReachTopologyTest {

    /** The reach computed straight from the example's tables: the distinct followers of the URL's tweeters. */
    private static int reach(String url) {
        Set<String> followers = new HashSet<>();
        for (String tweeter : ReachTopology.TWEETERS_DB.getOrDefault(url, List.of())) {
            followers.addAll(ReachTopology.FOLLOWERS_DB.getOrDefault(tweeter, List.of()));
        }
        return followers.size();
    }

    @Test
    void printsTheReachOfEachUrl() throws Exception {
        try (StdOut out = new StdOut();
             LocalDRPC drpc = new LocalDRPC();
             LocalCluster cluster = new LocalCluster()) {
            ReachTopology.main(new String[] {"reach-test"});

            assertThat(reach("foo.com/blog/1")).isEqualTo(16);
            assertThat(out.lines()).contains(
                    "Reach of foo.com/blog/1: " + reach("foo.com/blog/1"),
                    "Reach of engineering.twitter.com/blog/5: " + reach("engineering.twitter.com/blog/5"),
                    "Reach of notaurl.com: 0");
            // Requests run through the pipeline one after another and at once give the same answers.
            assertThat(drpc.execute("reach", "tech.backtype.com/blog/123"))
                    .isEqualTo(String.valueOf(reach("tech.backtype.com/blog/123")));
            List<String> urls = List.of("foo.com/blog/1", "engineering.twitter.com/blog/5", "tech.backtype.com/blog/123");
            List<String> answers = urls.parallelStream().map(u -> drpc.execute("reach", u)).toList();
            assertThat(answers).containsExactlyElementsOf(urls.stream().map(u -> String.valueOf(reach(u))).toList());
        }
    }
}
