package dev.gale.storm.it;

import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;

/** Passes each tuple on, anchored (a basic bolt: acked when execute returns). */
final class Relay extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    private final String[] fields;

    Relay(String... fields) {
        this.fields = fields;
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        collector.emit(input.getValues());
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields(fields));
    }
}
