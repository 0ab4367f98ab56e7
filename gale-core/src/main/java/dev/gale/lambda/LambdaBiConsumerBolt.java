package dev.gale.lambda;

import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;

/**
 * A basic bolt made of a function of its input and collector: it declares the given fields on
 * the default stream; emits are anchored to the input, acked once the function returns. Each
 * task runs its own copy, on one thread.
 */
public class LambdaBiConsumerBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    private final SerializableBiConsumer<Tuple, BasicOutputCollector> biConsumer;
    private final String[] fields;

    public LambdaBiConsumerBolt(SerializableBiConsumer<Tuple, BasicOutputCollector> biConsumer, String[] fields) {
        this.biConsumer = biConsumer;
        this.fields = fields;
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        biConsumer.accept(input, collector);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields(fields));
    }
}
