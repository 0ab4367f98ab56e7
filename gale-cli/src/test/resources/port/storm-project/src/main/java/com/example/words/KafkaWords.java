package com.example.words;

import org.apache.storm.kafka.spout.FirstPollOffsetStrategy;
import org.apache.storm.kafka.spout.KafkaSpout;
import org.apache.storm.kafka.spout.KafkaSpoutConfig;

/** The words of a Kafka topic, through storm-kafka-client's spout. */
public final class KafkaWords {
    private KafkaWords() {
    }

    public static KafkaSpout<String, String> spout(String bootstrap, String topic) {
        return new KafkaSpout<>(KafkaSpoutConfig.builder(bootstrap, topic)
                .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.EARLIEST)
                .build());
    }
}
