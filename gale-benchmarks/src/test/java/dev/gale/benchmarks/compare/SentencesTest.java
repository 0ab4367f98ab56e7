package dev.gale.benchmarks.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SentencesTest {

    @AfterEach
    void clearProperty() {
        System.clearProperty(Sentences.SOURCES_PROPERTY);
    }

    @Test
    void theWordCountHasTwoSourcesUnlessTold() {
        assertThat(Sentences.sources()).isEqualTo(2);
        System.setProperty(Sentences.SOURCES_PROPERTY, "1");
        assertThat(Sentences.sources()).isEqualTo(1);
    }

    @Test
    void fewerThanOneSourceIsRefusedNamingTheProperty() {
        System.setProperty(Sentences.SOURCES_PROPERTY, "0");
        assertThatThrownBy(Sentences::sources).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bench.wordcount.sources").hasMessageContaining("0");
    }

    @Test
    void everySourceSplitsTheSameRotationOfSentences() {
        assertThat(Sentences.of(0)).isEqualTo(Sentences.of(Sentences.count()));
        assertThat(Sentences.of(1)).isNotEqualTo(Sentences.of(0));
    }
}
