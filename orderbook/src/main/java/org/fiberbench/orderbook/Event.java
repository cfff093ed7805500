package org.fiberbench.orderbook;

/** One event of the book, as a value; {@link #csv()} is its line in an events file. */
public sealed interface Event {
    String csv();

    record Added(long id) implements Event {
        public String csv() {
            return "ADDED," + id;
        }
    }

    record Executed(long buyId, long sellId, long price, long quantity) implements Event {
        public String csv() {
            return "EXECUTED," + buyId + "," + sellId + "," + Prices.format(price) + "," + quantity;
        }
    }

    record Canceled(long id) implements Event {
        public String csv() {
            return "CANCELED," + id;
        }
    }

    record CancelRejected(long id) implements Event {
        public String csv() {
            return "CANCEL_REJECTED," + id;
        }
    }

    record Rejected(long id, RejectReason reason) implements Event {
        public String csv() {
            return "REJECTED," + id + "," + reason.code();
        }
    }
}
