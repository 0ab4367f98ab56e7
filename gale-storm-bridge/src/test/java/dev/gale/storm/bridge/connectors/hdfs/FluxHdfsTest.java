package dev.gale.storm.bridge.connectors.hdfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.flux.FluxBuilder;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.parser.FluxParser;
import dev.gale.generated.StormTopology;
import dev.gale.storm.bridge.internal.BridgedBolt;
import dev.gale.testing.FixedTupleSpout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.storm.hdfs.bolt.HdfsBolt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Flux file naming storm-hdfs's classes, as written for Storm, builds and runs on Gale: the bolt is
 * Storm's HdfsBolt, which Flux hands to the bridge's ComponentAdapter; and the one Fields component is
 * Gale's Fields where Gale's spout takes it and Storm's where storm-hdfs's record format takes it.
 */
class FluxHdfsTest {
    @TempDir
    Path dir;

    @Test
    void aFluxFileNamingHdfsBoltRunsItThroughTheBridge() throws Exception {
        int total = 60;
        String tuples = IntStream.range(0, total).mapToObj(i -> "[" + i + ", \"value-" + i + "\"]")
                .collect(Collectors.joining(", ", "[", "]"));
        Path yaml = Files.writeString(dir.resolve("to-files.yaml"), """
                name: "to-files"
                config:
                  hdfs.config:
                    fs.file.impl: "org.apache.hadoop.fs.RawLocalFileSystem"
                components:
                  - id: "fields"
                    className: "org.apache.storm.tuple.Fields"
                    constructorArgs:
                      - ["id", "value"]
                  - id: "names"
                    className: "org.apache.storm.hdfs.bolt.format.DefaultFileNameFormat"
                    configMethods:
                      - name: "withPath"
                        args: ["/out"]
                      - name: "withExtension"
                        args: [".csv"]
                  - id: "records"
                    className: "org.apache.storm.hdfs.bolt.format.DelimitedRecordFormat"
                    configMethods:
                      - name: "withFieldDelimiter"
                        args: [";"]
                      - name: "withFields"
                        args: [ref: "fields"]
                  - id: "sync"
                    className: "org.apache.storm.hdfs.bolt.sync.CountSyncPolicy"
                    constructorArgs: [10]
                  - id: "rotation"
                    className: "org.apache.storm.hdfs.bolt.rotation.FileSizeRotationPolicy"
                    constructorArgs: [0.25, KB]
                spouts:
                  - id: "numbers"
                    className: "org.apache.storm.testing.FixedTupleSpout"
                    constructorArgs:
                      - %s
                      - ref: "fields"
                bolts:
                  - id: "files"
                    className: "org.apache.storm.hdfs.bolt.HdfsBolt"
                    configMethods:
                      - name: "withFsUrl"
                        args: ["file://%s"]
                      - name: "withConfigKey"
                        args: ["hdfs.config"]
                      - name: "withFileNameFormat"
                        args: [ref: "names"]
                      - name: "withRecordFormat"
                        args: [ref: "records"]
                      - name: "withSyncPolicy"
                        args: [ref: "sync"]
                      - name: "withRotationPolicy"
                        args: [ref: "rotation"]
                      - name: "withTickTupleIntervalSeconds"
                        args: [1]
                streams:
                  - from: "numbers"
                    to: "files"
                    grouping: {type: SHUFFLE}
                """.formatted(tuples, dir));
        TopologyDef def = FluxParser.parseFile(yaml, null, null);
        Config conf = FluxBuilder.buildConfig(def);
        ExecutionContext context = new ExecutionContext(def, conf);
        StormTopology topology = FluxBuilder.buildTopology(context);

        assertThat(context.getComponent("fields")).isInstanceOf(dev.gale.tuple.Fields.class);
        assertThat(context.getBolt("files")).isInstanceOfSatisfying(BridgedBolt.class,
                b -> assertThat(b.stormBolt()).isInstanceOf(HdfsBolt.class));
        FixedTupleSpout spout = (FixedTupleSpout) context.getSpout("numbers");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(def.getName(), conf, topology);
            await().atMost(Duration.ofSeconds(30)).until(() -> FixedTupleSpout.getNumAcked(spout.getId()) == total);
            cluster.killTopology(def.getName());
        }

        List<OutputFile> files = OutputFile.in(dir.resolve("out"), "", "files", ".csv");
        assertThat(files).hasSizeGreaterThan(1).allSatisfy(f -> assertThat(f.cutShort()).isEmpty());
        assertThat(files.stream().flatMap(f -> f.records().stream()))
                .containsExactlyInAnyOrderElementsOf(IntStream.range(0, total).mapToObj(i -> i + ";value-" + i).toList());
    }
}
