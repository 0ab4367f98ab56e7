package dev.gale.impl.executor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The pairs of a tuple anchored to many: each root once, in order of arrival, with its edge ids XORed. */
class RootPairsTest {

    private static Map<Long, Long> asMap(long[] pairs) {
        Map<Long, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            assertThat(m.put(pairs[i], pairs[i + 1])).as("root %s twice", pairs[i]).isNull();
        }
        return m;
    }

    @Test
    void fewAndManyRootsWithRepeatsGiveWhatAMapOfXorsGives() {
        Random random = new Random(7);
        for (int roots : new int[] {1, 3, 8, 9, 50, 5000}) {
            RootPairs pairs = new RootPairs(roots / 2);
            Map<Long, Long> expected = new LinkedHashMap<>();
            long base = random.nextLong() & 0xFFFF_FFFF_FFFFL;
            for (int i = 0; i < roots * 3; i++) {
                long root = base + random.nextInt(roots); // neighbouring roots, as one spout task makes them
                long edge = random.nextLong();
                pairs.add(root, edge);
                expected.merge(root, edge, (a, b) -> a ^ b);
            }
            assertThat(asMap(pairs.toArray())).as("%d roots", roots).containsExactlyEntriesOf(expected);
        }
    }
}
