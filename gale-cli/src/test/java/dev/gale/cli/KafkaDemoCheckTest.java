package dev.gale.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.cli.KafkaDemoCheck.WordRecord;
import dev.gale.examples.KafkaWordCountTopology;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The kafka demo's verdict: exact only when de-duplicated output holds exactly the input's words. */
class KafkaDemoCheckTest {
    private static final Map<String, String> LINES = new LinkedHashMap<>();

    static {
        LINES.put("0", "The cat sat");
        LINES.put("1", "the dog, the cat!");
    }

    /** Every word of every line once, keyed as the topology keys them. */
    private static List<WordRecord> allWords() {
        List<WordRecord> out = new ArrayList<>();
        out.add(new WordRecord(KafkaWordCountTopology.wordKey("0", 0), "the"));
        out.add(new WordRecord("0:1", "cat"));
        out.add(new WordRecord("0:2", "sat"));
        out.add(new WordRecord("1:0", "the"));
        out.add(new WordRecord("1:1", "dog"));
        out.add(new WordRecord("1:2", "the"));
        out.add(new WordRecord("1:3", "cat"));
        return out;
    }

    @Test
    void everyWordOnceIsExact() {
        KafkaDemoCheck c = KafkaDemoCheck.of(LINES, allWords(), 0);
        assertThat(c.exact()).isTrue();
        assertThat(c.recordsIn()).isEqualTo(2);
        assertThat(c.recordsOut()).isEqualTo(7);
        assertThat(c.duplicates()).isZero();
        assertThat(c.counts()).containsExactlyInAnyOrderEntriesOf(Map.of("cat", 2L, "dog", 1L, "sat", 1L, "the", 3L));
        assertThat(c.countedWords()).isEqualTo(c.expectedWords()).isEqualTo(7);
    }

    @Test
    void duplicatesAreCountedAndDoNotSpoilExactness() {
        List<WordRecord> out = allWords();
        out.add(new WordRecord("1:0", "the"));
        out.add(new WordRecord("1:0", "the"));
        out.add(new WordRecord("0:2", "sat"));
        KafkaDemoCheck c = KafkaDemoCheck.of(LINES, out, 0);
        assertThat(c.exact()).isTrue();
        assertThat(c.recordsOut()).isEqualTo(10);
        assertThat(c.distinctKeys()).isEqualTo(7);
        assertThat(c.duplicates()).isEqualTo(3);
        assertThat(c.countedWords()).isEqualTo(7);
    }

    @Test
    void aLostWordIsNotExact() {
        List<WordRecord> out = allWords();
        out.remove(4); // "1:1" dog
        KafkaDemoCheck c = KafkaDemoCheck.of(LINES, out, 0);
        assertThat(c.exact()).isFalse();
        assertThat(c.missingKeys()).isEqualTo(1);
        assertThat(c.counts()).doesNotContainKey("dog");
    }

    @Test
    void aLostWordIsNotExactEvenWhenADuplicateMakesUpTheRecordCount() {
        List<WordRecord> out = allWords();
        out.remove(4);
        out.add(new WordRecord("0:0", "the"));
        KafkaDemoCheck c = KafkaDemoCheck.of(LINES, out, 0);
        assertThat(c.recordsOut()).isEqualTo(7);
        assertThat(c.exact()).isFalse();
        assertThat(c.missingKeys()).isEqualTo(1);
    }

    @Test
    void aWrongWordOrAnUnknownKeyIsNotExact() {
        List<WordRecord> wrong = allWords();
        wrong.set(1, new WordRecord("0:1", "hat"));
        KafkaDemoCheck c = KafkaDemoCheck.of(LINES, wrong, 0);
        assertThat(c.exact()).isFalse();
        assertThat(c.unexpectedKeys()).isEqualTo(1);

        List<WordRecord> conflicting = allWords();
        conflicting.add(new WordRecord("0:1", "hat")); // same key, another word: not a duplicate
        assertThat(KafkaDemoCheck.of(LINES, conflicting, 0).exact()).isFalse();

        List<WordRecord> extra = allWords();
        extra.add(new WordRecord("2:0", "mouse"));
        extra.add(new WordRecord(null, "the"));
        KafkaDemoCheck e = KafkaDemoCheck.of(LINES, extra, 0);
        assertThat(e.exact()).isFalse();
        assertThat(e.unexpectedKeys()).isEqualTo(2);
    }

    @Test
    void aDeadLetterIsNotExact() {
        KafkaDemoCheck c = KafkaDemoCheck.of(LINES, allWords(), 1);
        assertThat(c.exact()).isFalse();
        assertThat(c.deadLetters()).isEqualTo(1);
    }

    @Test
    void workerReportsRoundTrip() {
        KafkaWordCountTopology.Counters c = new KafkaWordCountTopology.Counters(5, 4, 3, 2, 1);
        assertThat(KafkaDemoWorker.parse(KafkaDemoWorker.line(KafkaDemoWorker.STATS, c))).isEqualTo(c);
        assertThat(KafkaDemoWorker.parse(KafkaDemoWorker.line(KafkaDemoWorker.FINAL, c))).isEqualTo(c);
        assertThat(KafkaDemoWorker.parse("[main] WARN org.apache.kafka something")).isNull();
        assertThat(KafkaDemoWorker.parse("gale-worker emitted=x acked=4 retries=3 gaveup=2 partitions=1")).isNull();
    }
}
