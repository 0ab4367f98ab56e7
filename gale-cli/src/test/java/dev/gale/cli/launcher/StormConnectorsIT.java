package dev.gale.cli.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gale run --flux} on a Flux file written for Storm that names Storm's own storm-hdfs classes:
 * the user puts the connector's jars on {@code CLASSPATH} (here the ones the package phase listed in
 * {@code storm-hdfs-classpath.txt}) and the HdfsBolt runs, wrapped by gale-storm-bridge, unchanged.
 */
class StormConnectorsIT {
    private static final int TUPLES = 200;

    @TempDir
    Path dir;

    @Test
    void aFluxFileNamingStormsHdfsBoltWritesItsFiles() throws IOException {
        String tuples = IntStream.range(0, TUPLES).mapToObj(i -> "[" + i + ", \"value-" + i + "\"]")
                .collect(Collectors.joining(", ", "[", "]"));
        Path out = dir.resolve("files");
        Path yaml = Files.writeString(dir.resolve("to-hdfs.yaml"), """
                name: "to-hdfs"
                config:
                  # Hadoop's own file:// (LocalFileSystem) would add checksum files and hold data back through
                  # hsync; the bolt passes this map to Hadoop (withConfigKey).
                  hdfs.config:
                    fs.file.impl: "org.apache.hadoop.fs.RawLocalFileSystem"
                components:
                  - id: "fields"
                    className: "org.apache.storm.tuple.Fields"
                    constructorArgs:
                      - ["n", "word"]
                  - id: "names"
                    className: "org.apache.storm.hdfs.bolt.format.DefaultFileNameFormat"
                    configMethods:
                      - name: "withPath"
                        args: ["%s"]
                      - name: "withPrefix"
                        args: ["words-"]
                  - id: "records"
                    className: "org.apache.storm.hdfs.bolt.format.DelimitedRecordFormat"
                    configMethods:
                      - name: "withFieldDelimiter"
                        args: ["|"]
                      - name: "withFields"
                        args: [ref: "fields"]
                  - id: "sync"
                    className: "org.apache.storm.hdfs.bolt.sync.CountSyncPolicy"
                    constructorArgs: [10]
                  - id: "rotation"
                    className: "org.apache.storm.hdfs.bolt.rotation.FileSizeRotationPolicy"
                    constructorArgs: [1.0, KB]
                spouts:
                  - id: "numbers"
                    className: "org.apache.storm.testing.FixedTupleSpout"
                    constructorArgs:
                      - %s
                      - ref: "fields"
                bolts:
                  - id: "hdfs"
                    className: "org.apache.storm.hdfs.bolt.HdfsBolt"
                    parallelism: 2
                    configMethods:
                      - name: "withFsUrl"
                        args: ["file:///"]
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
                streams:
                  - from: "numbers"
                    to: "hdfs"
                    grouping: {type: SHUFFLE}
                """.formatted(out, tuples));
        String connectorJars = Files.readString(Launcher.repo().resolve("gale-cli/target/storm-hdfs-classpath.txt")).trim();

        Run r = new Launcher(dir).env("CLASSPATH", connectorJars)
                .run("run", "--flux", yaml.toString(), "--seconds", "3", "--progress", "off").succeeded();

        assertThat(r.row("numbers").acked()).as("%s", r).isEqualTo(TUPLES);
        assertThat(r.row("hdfs").executed()).isEqualTo(TUPLES);
        List<String> names;
        try (Stream<Path> files = Files.list(out)) {
            names = files.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertThat(names).hasSizeGreaterThan(2).allMatch(n -> n.matches("words-hdfs-\\d+-\\d+-\\d+\\.txt"), "named by "
                + "DefaultFileNameFormat: words-hdfs-<task>-<rotation>-<timestamp>.txt");
        List<String> records = new ArrayList<>();
        for (String name : names) {
            String text = Files.readString(out.resolve(name), StandardCharsets.UTF_8);
            assertThat(text).endsWith("\n");
            records.addAll(text.lines().toList());
        }
        assertThat(records).containsExactlyInAnyOrderElementsOf(
                IntStream.range(0, TUPLES).mapToObj(i -> i + "|value-" + i).toList());
        r.leftNothingBehind();
    }
}
