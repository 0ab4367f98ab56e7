package dev.gale.drpc;

import dev.gale.grouping.CustomStreamGrouping;
import dev.gale.topology.ComponentConfigurationDeclarer;
import dev.gale.tuple.Fields;

/**
 * How a bolt of a {@link LinearDRPCTopologyBuilder} pipeline subscribes to the bolt before it (the
 * component is implied: the previous one) and configures itself. Not thread-safe.
 */
@SuppressWarnings("checkstyle:AbbreviationAsWordInName")
public interface LinearDRPCInputDeclarer extends ComponentConfigurationDeclarer<LinearDRPCInputDeclarer> {
    LinearDRPCInputDeclarer fieldsGrouping(Fields fields);

    LinearDRPCInputDeclarer fieldsGrouping(String streamId, Fields fields);

    LinearDRPCInputDeclarer globalGrouping();

    LinearDRPCInputDeclarer globalGrouping(String streamId);

    LinearDRPCInputDeclarer shuffleGrouping();

    LinearDRPCInputDeclarer shuffleGrouping(String streamId);

    LinearDRPCInputDeclarer localOrShuffleGrouping();

    LinearDRPCInputDeclarer localOrShuffleGrouping(String streamId);

    LinearDRPCInputDeclarer noneGrouping();

    LinearDRPCInputDeclarer noneGrouping(String streamId);

    LinearDRPCInputDeclarer allGrouping();

    LinearDRPCInputDeclarer allGrouping(String streamId);

    LinearDRPCInputDeclarer directGrouping();

    LinearDRPCInputDeclarer directGrouping(String streamId);

    LinearDRPCInputDeclarer partialKeyGrouping(Fields fields);

    LinearDRPCInputDeclarer partialKeyGrouping(String streamId, Fields fields);

    LinearDRPCInputDeclarer customGrouping(CustomStreamGrouping grouping);

    LinearDRPCInputDeclarer customGrouping(String streamId, CustomStreamGrouping grouping);
}
