package org.fiberbench.loop;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.fiberbench.measure.ForkObservation;
import org.fiberbench.spec.SpecException;

/**
 * The forked JVM of a closed or open scenario: {@code LoopFork <request JSON>} runs the {@link
 * LoopRequest}, writes its {@link LoopResult} to {@code request.result} and exits (0 ok, 2 bad spec, 1 other
 * failure, the reason as the last line on stderr). It always exits, even when a task hangs.
 */
public final class LoopFork {
    private static final ObjectMapper JSON = new ObjectMapper();

    private LoopFork() {
    }

    public static void main(String[] args) {
        int status;
        try {
            if (args.length != 1) {
                throw new IllegalArgumentException("usage: LoopFork <request JSON>");
            }
            LoopRequest req = JSON.readValue(args[0], LoopRequest.class);
            // observes the whole loop, warm-up included: the loop has no separate measured phase to hook
            ForkObservation observation = ForkObservation.startIfAsked(req.executor());
            LoopResult result = LoopDriver.run(req);
            if (observation != null) {
                observation.finish(result.latency().completed());
            }
            if (req.result() != null) {
                result.write(Path.of(req.result()));
            }
            status = 0;
        } catch (SpecException e) {
            System.err.println("fiberbench loop fork: " + e.getMessage());
            status = 2;
        } catch (Throwable t) {
            t.printStackTrace();
            System.err.println("fiberbench loop fork: " + t);
            status = 1;
        }
        System.out.flush();
        System.err.flush();
        System.exit(status);
    }

    /** The request as the fork's single argument. */
    public static String encode(LoopRequest req) {
        try {
            return JSON.writeValueAsString(req);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
