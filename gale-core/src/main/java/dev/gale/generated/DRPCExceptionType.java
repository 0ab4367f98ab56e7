package dev.gale.generated;

/** Why a DRPC request failed, as Storm's Thrift enum names it. */
@SuppressWarnings("checkstyle:AbbreviationAsWordInName")
public enum DRPCExceptionType {
    INTERNAL_ERROR, SERVER_SHUTDOWN, SERVER_TIMEOUT, FAILED_REQUEST
}
