package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CollectionsDemoTest {

    @Test
    void showsEachCollectionExpiringOnSchedule() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new CollectionsDemo(new PrintStream(bytes, true, StandardCharsets.UTF_8)).run();
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out)
                .contains("t=40s  session s2 of bob expired")
                .contains("t=60s  session s1 of alice expired")
                .contains("3rd rotation dropped [tuple-1]; still pending: tuple-2")
                .contains("t= 4s  expired [dave]")
                .contains("t=10s  expired [carol, erin]");
    }
}
