package dev.gale.examples.bolt;

import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Tuple;

/**
 * A sink for the examples: writes every tuple it receives to standard output, one line each as
 * the tuple's {@code toString()} renders it (source component and task, stream, id, values), and emits
 * nothing. Standard output is shared by all tasks; each line is written whole.
 */
public class PrinterBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 6675291863090716455L;

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        System.out.println(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // a sink: no output
    }
}
