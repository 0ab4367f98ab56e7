package dev.gale.benchmarks.kstreams;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Kafka Streams word count writes what the harness reads: one record per word, key = word,
 * value = "<count> <stamp of its input record>", counts per word across input records, and
 * nothing for the harness's probe.
 */
class KStreamsWordCountRunTest {
    @TempDir
    Path stateDir;

    @ParameterizedTest
    @CsvSource({"alo,memory", "alo,rocksdb", "eos,memory", "eos,rocksdb"})
    void writesOneCountPerWordWithItsInputsStamp(String guarantee, String state) {
        try (TopologyTestDriver driver = new TopologyTestDriver(
                KStreamsWordCountRun.topology("in", "out", KStreamsWordCountRun.store(state)),
                KStreamsWordCountRun.config("localhost:9", "wc-test", KStreamsWordCountRun.guarantee(guarantee),
                        stateDir))) {
            TestInputTopic<String, String> in = driver.createInputTopic("in", new StringSerializer(),
                    new StringSerializer());
            TestOutputTopic<String, String> out = driver.createOutputTopic("out", new StringDeserializer(),
                    new StringDeserializer());
            in.pipeInput("probe");
            in.pipeInput("1000 cow jumped cow");
            in.pipeInput("2000 jumped");

            assertThat(out.readKeyValuesToList()).containsExactly(
                    KeyValue.pair("cow", "1 1000"),
                    KeyValue.pair("jumped", "1 1000"),
                    KeyValue.pair("cow", "2 1000"),
                    KeyValue.pair("jumped", "2 2000"));
        }
    }

    @ParameterizedTest
    @CsvSource({"alo,at_least_once", "eos,exactly_once_v2"})
    void runsTheGuaranteeAsked(String name, String expected) {
        assertThat(KStreamsWordCountRun.config("b:1", "app", KStreamsWordCountRun.guarantee(name), stateDir)
                .get(StreamsConfig.PROCESSING_GUARANTEE_CONFIG)).isEqualTo(expected);
    }
}
