package org.fiberbench.cli.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Rounds of every pair, the two sides alternated: in even rounds the reference runs first, in odd
 * rounds fiberbench, so a machine that slows down or speeds up over time weighs on both sides alike.
 * The sides are given ({@link Sides}), so the pairing and the ratios can be tested without forks.
 */
final class Calibration {

    /** How one side of a pair is measured: its iteration scores in ms per operation. */
    interface Sides {
        double[] reference(Pair p) throws Exception;

        double[] fiberbench(Pair p) throws Exception;
    }

    private final Sides sides;
    private final Consumer<String> progress;

    Calibration(Sides sides, Consumer<String> progress) {
        this.sides = sides;
        this.progress = progress;
    }

    /** {@code rounds} rounds of {@code pairs}; {@code afterEach} sees the outcomes after every pair of every round. */
    List<Outcome> run(List<Pair> pairs, int rounds, Consumer<List<Outcome>> afterEach) throws InterruptedException {
        List<Outcome> out = new ArrayList<>();
        pairs.forEach(p -> out.add(new Outcome(p)));
        for (int r = 0; r < rounds; r++) {
            for (Outcome o : out) {
                boolean referenceFirst = r % 2 == 0;
                progress.accept("round " + (r + 1) + "/" + rounds + ": " + o.pair.name());
                side(o, referenceFirst);
                side(o, !referenceFirst);
                o.rounds++;
                afterEach.accept(out);
            }
        }
        return out;
    }

    /** Runs one side; a failure is kept in the outcome (the pair reports it) and the calibration goes on. */
    private void side(Outcome o, boolean reference) throws InterruptedException {
        try {
            double[] v = reference ? sides.reference(o.pair) : sides.fiberbench(o.pair);
            for (double x : v) {
                (reference ? o.reference : o.fiberbench).add(x);
            }
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            o.failures.add((reference ? "reference: " : "fiberbench: ") + e.getMessage());
        }
    }
}
