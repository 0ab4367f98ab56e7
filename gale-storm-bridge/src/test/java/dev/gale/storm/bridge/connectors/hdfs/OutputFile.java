package dev.gale.storm.bridge.connectors.hdfs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One file an HdfsBolt wrote with storm-hdfs's {@code DefaultFileNameFormat}, whose names are
 * {@code prefix + componentId-taskId-rotation-timestamp + extension}: the parts of its name and its
 * records. Immutable.
 *
 * @param records the complete records (each ended by the record delimiter, which is dropped)
 * @param cutShort the bytes after the last delimiter: a record a kill cut short, or ""
 */
record OutputFile(Path path, String component, int task, long rotation, long timestamp, List<String> records,
                  String cutShort) {

    /** The files in {@code dir} named {@code prefix + component-task-rotation-timestamp + extension}, by task, then rotation, then time. */
    static List<OutputFile> in(Path dir, String prefix, String component, String extension) {
        Pattern name = Pattern.compile(Pattern.quote(prefix + component) + "-(\\d+)-(\\d+)-(\\d+)" + Pattern.quote(extension));
        List<OutputFile> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                Matcher m = name.matcher(f.getFileName().toString());
                if (!m.matches()) {
                    throw new AssertionError("a file the bolt's file name format does not make: " + f);
                }
                String text = Files.readString(f, StandardCharsets.UTF_8);
                int end = text.lastIndexOf('\n') + 1;
                List<String> records = text.substring(0, end).lines().toList();
                out.add(new OutputFile(f, component, Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)),
                        Long.parseLong(m.group(3)), records, text.substring(end)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.sort(Comparator.comparingInt(OutputFile::task).thenComparingLong(OutputFile::rotation)
                .thenComparingLong(OutputFile::timestamp));
        return out;
    }

    /** The file's size in bytes, as the rotation policy counted them. */
    long bytes() {
        try {
            return Files.size(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
