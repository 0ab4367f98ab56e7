package dev.gale.lambda;

import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Tuple;

/**
 * A basic bolt made of a consumer of its input: it declares no stream and acks each input once
 * the consumer returns. Each task runs its own copy, on one thread.
 */
public class LambdaConsumerBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    private final SerializableConsumer<Tuple> consumer;

    public LambdaConsumerBolt(SerializableConsumer<Tuple> consumer) {
        this.consumer = consumer;
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        consumer.accept(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
